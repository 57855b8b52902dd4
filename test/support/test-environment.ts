import { vi } from 'vitest';
import { resetConfig } from '../../shared/config/env';
import { resetDocumentClient } from '../../shared/db/client';
import { resetBearerAuth } from '../../shared/http/middleware/bearer-auth';

/** The JWT settings of the unit tests (HS256, as when running locally). */
export const testJwt = {
  issuer: 'test-issuer',
  audience: 'recruiting-api',
  secret: 'a-test-secret-of-at-least-16-chars',
} as const;

/** Every variable the configuration reads, as the unit tests run it unless a test overrides one. */
const defaults: Record<string, string | undefined> = {
  TABLE_NAME: 'test',
  AUTH_JWT_ISSUER: testJwt.issuer,
  AUTH_JWT_AUDIENCE: testJwt.audience,
  AUTH_JWT_SECRET: testJwt.secret,
  AUTH_JWKS_URL: undefined,
  DYNAMODB_ENDPOINT: undefined,
  API_KEY_CACHE_TTL_SECONDS: undefined,
  VALIDATE_RESPONSES: undefined,
  BASE_URL: undefined,
  S3_ENDPOINT: undefined,
  DOCUMENTS_BUCKET: undefined,
  DOCUMENT_LINK_TTL_SECONDS: undefined,
  LOG_LEVEL: 'silent',
  AWS_REGION: 'us-east-1',
};

/**
 * Sets the environment (with `vi.stubEnv`, undone by {@link restoreTestEnvironment}) and forgets
 * every container-level cache built from it: configuration, document client, authenticator.
 * @example beforeEach(() => useTestEnvironment({ API_KEY_CACHE_TTL_SECONDS: '0' }))
 */
export function useTestEnvironment(overrides: Record<string, string | undefined> = {}): void {
  for (const [name, value] of Object.entries({ ...defaults, ...overrides })) vi.stubEnv(name, value);
  resetConfig();
  resetDocumentClient();
  resetBearerAuth();
}

/** Puts the environment back and forgets the caches again. */
export function restoreTestEnvironment(): void {
  vi.unstubAllEnvs();
  resetConfig();
  resetDocumentClient();
  resetBearerAuth();
}
