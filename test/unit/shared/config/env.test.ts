import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, ConfigurationError, loadConfig, resetConfig } from '../../../../shared/config/env';

const secret = 'a-test-secret-of-at-least-16-chars';
const hs256 = { AUTH_JWT_ISSUER: 'test-issuer', AUTH_JWT_AUDIENCE: 'recruiting-api', AUTH_JWT_SECRET: secret };

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfig();
});

describe('Config: loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      TABLE_NAME: 'recruiting',
      AWS_REGION: 'us-east-1',
      API_KEY_CACHE_TTL_SECONDS: 5,
      LOG_LEVEL: 'info',
      VALIDATE_RESPONSES: false,
      DOCUMENTS_BUCKET: 'recruiting-documents',
      DOCUMENT_LINK_TTL_SECONDS: 300,
    });
  });

  it('treats empty strings as absent (unset CloudFormation parameters)', () => {
    expect(
      loadConfig({ TABLE_NAME: '', AUTH_JWT_ISSUER: '', AUTH_JWT_AUDIENCE: '', AUTH_JWKS_URL: '', AUTH_JWT_SECRET: '', API_KEY_CACHE_TTL_SECONDS: '', LOG_LEVEL: '', DYNAMODB_ENDPOINT: '', VALIDATE_RESPONSES: '' }),
    ).toEqual(loadConfig({}));
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root' })).toEqual(loadConfig({}));
  });

  it('accepts an HS256 setup (issuer, audience, secret)', () => {
    expect(loadConfig({ ...hs256, TABLE_NAME: 'recruiting-dev' })).toMatchObject({ ...hs256, TABLE_NAME: 'recruiting-dev' });
  });

  it('accepts an RS256 setup (issuer, audience, JWKS URL)', () => {
    const settings = { AUTH_JWT_ISSUER: 'https://id.example.com', AUTH_JWT_AUDIENCE: 'recruiting-api', AUTH_JWKS_URL: 'https://id.example.com/.well-known/jwks.json' };
    expect(loadConfig(settings)).toMatchObject(settings);
  });

  it('parses numbers and booleans', () => {
    expect(loadConfig({ API_KEY_CACHE_TTL_SECONDS: '30', VALIDATE_RESPONSES: 'true', LOG_LEVEL: 'silent' })).toMatchObject({ API_KEY_CACHE_TTL_SECONDS: 30, VALIDATE_RESPONSES: true, LOG_LEVEL: 'silent' });
    expect(loadConfig({ API_KEY_CACHE_TTL_SECONDS: '0', VALIDATE_RESPONSES: 'false' })).toMatchObject({ API_KEY_CACHE_TTL_SECONDS: 0, VALIDATE_RESPONSES: false });
  });

  it('rejects an issuer without an audience', () => {
    expect(() => loadConfig({ AUTH_JWT_ISSUER: 'test-issuer', AUTH_JWT_SECRET: secret })).toThrow(new ConfigurationError('AUTH_JWT_AUDIENCE is required with AUTH_JWT_ISSUER'));
  });

  it('rejects an issuer with neither a JWKS URL nor a secret', () => {
    expect(() => loadConfig({ AUTH_JWT_ISSUER: 'test-issuer', AUTH_JWT_AUDIENCE: 'recruiting-api' })).toThrow(
      new ConfigurationError('Set exactly one of AUTH_JWKS_URL (RS256) or AUTH_JWT_SECRET (HS256) with AUTH_JWT_ISSUER'),
    );
  });

  it('rejects an issuer with both a JWKS URL and a secret', () => {
    expect(() => loadConfig({ ...hs256, AUTH_JWKS_URL: 'https://id.example.com/jwks.json' })).toThrow(
      new ConfigurationError('Set exactly one of AUTH_JWKS_URL (RS256) or AUTH_JWT_SECRET (HS256) with AUTH_JWT_ISSUER'),
    );
  });

  it('treats an empty secret as absent, so an issuer with only an empty secret is rejected', () => {
    expect(() => loadConfig({ AUTH_JWT_ISSUER: 'test-issuer', AUTH_JWT_AUDIENCE: 'recruiting-api', AUTH_JWT_SECRET: '' })).toThrow(ConfigurationError);
  });

  it('rejects a secret shorter than 16 characters, naming the variable', () => {
    expect(() => loadConfig({ ...hs256, AUTH_JWT_SECRET: 'too-short' })).toThrow(ConfigurationError);
    expect(() => loadConfig({ ...hs256, AUTH_JWT_SECRET: 'too-short' })).toThrow(/^Invalid environment: AUTH_JWT_SECRET: /);
    expect(() => loadConfig({ ...hs256, AUTH_JWT_SECRET: '0123456789abcdef' })).not.toThrow();
  });

  it.each([
    ['API_KEY_CACHE_TTL_SECONDS', 'abc'],
    ['API_KEY_CACHE_TTL_SECONDS', '-1'],
    ['API_KEY_CACHE_TTL_SECONDS', '301'],
    ['LOG_LEVEL', 'verbose'],
    ['VALIDATE_RESPONSES', 'maybe'],
    ['AUTH_JWKS_URL', 'not a url'],
    ['DYNAMODB_ENDPOINT', '//no-scheme:8000'],
    ['BASE_URL', '/'],
  ])('rejects %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment: ${name}: `));
  });

  it('accepts a fractional API-key cache lifetime (CloudFormation Number parameters allow one)', () => {
    expect(loadConfig({ API_KEY_CACHE_TTL_SECONDS: '1.5' }).API_KEY_CACHE_TTL_SECONDS).toBe(1.5);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud', API_KEY_CACHE_TTL_SECONDS: 'x' })).toThrow(/API_KEY_CACHE_TTL_SECONDS: .*; LOG_LEVEL: |LOG_LEVEL: .*; API_KEY_CACHE_TTL_SECONDS: /);
  });
});

describe('Config: config', () => {
  // Vitest mirrors Vite's BASE_URL ('/', not a URL) into process.env: leave it out as Lambda would.
  beforeEach(() => {
    vi.stubEnv('BASE_URL', undefined);
    for (const name of ['AUTH_JWT_ISSUER', 'AUTH_JWT_AUDIENCE', 'AUTH_JWT_SECRET', 'AUTH_JWKS_URL', 'DYNAMODB_ENDPOINT']) vi.stubEnv(name, undefined);
  });

  it('reads process.env once and keeps it until resetConfig', () => {
    vi.stubEnv('TABLE_NAME', 'first-table');
    resetConfig();
    expect(config().TABLE_NAME).toBe('first-table');
    vi.stubEnv('TABLE_NAME', 'second-table');
    expect(config().TABLE_NAME).toBe('first-table');
    resetConfig();
    expect(config().TABLE_NAME).toBe('second-table');
  });

  it('throws a ConfigurationError when process.env is contradictory', () => {
    vi.stubEnv('AUTH_JWT_ISSUER', 'test-issuer');
    vi.stubEnv('AUTH_JWT_AUDIENCE', '');
    resetConfig();
    expect(() => config()).toThrow(ConfigurationError);
  });
});
