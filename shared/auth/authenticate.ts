import { config } from '../config/env';
import { getApiKeyRecord } from '../domain/api-keys';
import type { ApiKeyRecord } from '../domain/api-keys';
import { UnauthorizedError } from '../http/errors';
import { createTtlCache } from './api-key-cache';
import { looksLikeApiKey, parseApiKey, secretMatches } from './api-key-format';
import { createJwtVerifier, JwtRejectedError } from './jwt';
import type { JwtVerifier } from './jwt';
import type { Principal } from './scopes';

/** Where credentials are checked against; injectable so unit tests can swap the JWT setup. */
export interface CredentialSources {
  findApiKey: (keyId: string) => Promise<ApiKeyRecord | undefined>;
  verifyJwt: JwtVerifier;
  apiKeyCacheTtlMs: () => number;
}

/** The sources of this container, built from the configuration on first use. */
export function defaultCredentialSources(): CredentialSources {
  return {
    findApiKey: getApiKeyRecord,
    verifyJwt: createJwtVerifier(config()),
    apiKeyCacheTtlMs: () => config().API_KEY_CACHE_TTL_SECONDS * 1000,
  };
}

/**
 * Turns an `Authorization` header into a {@link Principal}, or throws 401. API keys are recognised
 * by their `rk_` prefix; anything else must be a JWT.
 */
export function createAuthenticator(sources: CredentialSources) {
  const apiKeys = createTtlCache<ApiKeyRecord>(sources.apiKeyCacheTtlMs);

  async function authenticateApiKey(token: string): Promise<Principal> {
    const parsed = parseApiKey(token);
    if (!parsed) throw new UnauthorizedError('The API key is malformed');
    let record = apiKeys.get(parsed.keyId);
    if (!record) {
      record = await sources.findApiKey(parsed.keyId);
      if (!record) throw new UnauthorizedError('The API key is not valid');
      apiKeys.set(parsed.keyId, record);
    }
    if (!secretMatches(parsed.secret, record.secret_hash)) throw new UnauthorizedError('The API key is not valid');
    if (record.revoked_at) throw new UnauthorizedError('The API key has been revoked');
    return { kind: 'api_key', teamId: record.team_id, teamMemberId: null, scopes: new Set(record.scopes), credentialId: record.key_id };
  }

  async function authenticate(authorization: string | undefined): Promise<Principal> {
    if (!authorization) throw new UnauthorizedError('The Authorization header is missing');
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) throw new UnauthorizedError('The Authorization header must use the Bearer scheme');
    const token = match[1];
    if (looksLikeApiKey(token)) return authenticateApiKey(token);
    try {
      return await sources.verifyJwt(token);
    } catch (error) {
      if (error instanceof JwtRejectedError) throw new UnauthorizedError(error.message);
      throw error;
    }
  }

  return { authenticate, clearCache: () => apiKeys.clear() };
}
