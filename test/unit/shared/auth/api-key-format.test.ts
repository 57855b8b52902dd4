import { describe, expect, it } from 'vitest';
import { hashSecret, issueApiKey, looksLikeApiKey, parseApiKey, secretMatches } from '../../../../shared/auth/api-key-format';

const keyId = '01JD7Y8Z9ABCDEFGHJKMNPQRST';

describe('Auth: issueApiKey', () => {
  it('issues rk_<ULID>_<secret> and keeps only the SHA-256 of the secret', () => {
    const issued = issueApiKey();
    expect(issued.keyId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(issued.apiKey.startsWith(`rk_${issued.keyId}_`)).toBe(true);
    const secret = issued.apiKey.slice(`rk_${issued.keyId}_`.length);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.secretHash).toBe(hashSecret(secret));
    expect(issued.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.apiKey).not.toContain(issued.secretHash);
  });

  it('issues a different key and secret every time', () => {
    const keys = Array.from({ length: 20 }, () => issueApiKey());
    expect(new Set(keys.map((key) => key.keyId)).size).toBe(20);
    expect(new Set(keys.map((key) => key.secretHash)).size).toBe(20);
  });

  it('round-trips through parseApiKey and secretMatches', () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const issued = issueApiKey();
      const parsed = parseApiKey(issued.apiKey);
      expect(parsed?.keyId).toBe(issued.keyId);
      expect(secretMatches(parsed?.secret ?? '', issued.secretHash)).toBe(true);
    }
  });
});

describe('Auth: parseApiKey', () => {
  it('splits a key into id and secret', () => {
    expect(parseApiKey(`rk_${keyId}_s3cret`)).toEqual({ keyId, secret: 's3cret' });
  });

  it('keeps underscores of the secret (base64url secrets may contain them)', () => {
    const secret = '_a_b__c-_';
    const parsed = parseApiKey(`rk_${keyId}_${secret}`);
    expect(parsed).toEqual({ keyId, secret });
    expect(secretMatches(parsed?.secret ?? '', hashSecret(secret))).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['no prefix', `${keyId}_secret`],
    ['another prefix', `sk_${keyId}_secret`],
    ['an upper-case prefix', `RK_${keyId}_secret`],
    ['the prefix only', 'rk_'],
    ['no key id', 'rk__secret'],
    ['no secret', `rk_${keyId}_`],
    ['no separator', `rk_${keyId}`],
    ['a key id too short', `rk_${keyId.slice(1)}_secret`],
    ['a key id too long', `rk_${keyId}0_secret`],
    ['a key id with letters Crockford excludes (I, L, O, U)', 'rk_01JD7Y8Z9ABCDEFGHIKLMNOPQU_secret'],
    ['a lower-case key id', `rk_${keyId.toLowerCase()}_secret`],
  ])('refuses %s', (_case, token) => {
    expect(parseApiKey(token)).toBeUndefined();
  });
});

describe('Auth: looksLikeApiKey', () => {
  it('recognises the rk_ prefix only', () => {
    expect(looksLikeApiKey(`rk_${keyId}_secret`)).toBe(true);
    expect(looksLikeApiKey('rk_whatever')).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false);
  });
});

describe('Auth: secretMatches', () => {
  it('matches the secret its hash was made from', () => {
    expect(secretMatches('s3cret', hashSecret('s3cret'))).toBe(true);
  });

  it('does not match another secret', () => {
    expect(secretMatches('s3cret', hashSecret('s3cret!'))).toBe(false);
    expect(secretMatches('S3CRET', hashSecret('s3cret'))).toBe(false);
    expect(secretMatches('', hashSecret('s3cret'))).toBe(false);
  });

  it('does not match (nor throw on) a stored hash that is truncated or not hex', () => {
    expect(secretMatches('s3cret', hashSecret('s3cret').slice(0, 62))).toBe(false);
    expect(secretMatches('s3cret', '')).toBe(false);
    expect(secretMatches('s3cret', 'not-hex')).toBe(false);
  });
});
