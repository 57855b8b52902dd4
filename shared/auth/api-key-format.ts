import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ulid } from 'ulid';

const prefix = 'rk_';

/** A freshly issued key: the id stored in the clear, the secret shown once, and the hash kept. */
export interface IssuedApiKey {
  keyId: string;
  apiKey: string;
  secretHash: string;
}

/**
 * Issues `rk_<key id>_<secret>`: the key id (a ULID, no underscore) finds the record, the 256-bit
 * secret is never stored. SHA-256 suits a random secret of that length (no dictionary to slow down).
 */
export function issueApiKey(): IssuedApiKey {
  const keyId = ulid();
  const secret = randomBytes(32).toString('base64url');
  return { keyId, apiKey: `${prefix}${keyId}_${secret}`, secretHash: hashSecret(secret) };
}

/** Splits a presented key into id and secret; `undefined` when it is not shaped like one. */
export function parseApiKey(token: string): { keyId: string; secret: string } | undefined {
  if (!token.startsWith(prefix)) return undefined;
  const rest = token.slice(prefix.length);
  const separator = rest.indexOf('_');
  if (separator <= 0 || separator === rest.length - 1) return undefined;
  const keyId = rest.slice(0, separator);
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(keyId)) return undefined;
  return { keyId, secret: rest.slice(separator + 1) };
}

/** True when `token` looks like an API key rather than a JWT. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(prefix);
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
