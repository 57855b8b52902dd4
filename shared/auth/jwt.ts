import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTVerifyGetKey } from 'jose';
import * as z from 'zod/mini';
import type { Config } from '../config/env';
import { knownScopes } from './scopes';
import type { Principal } from './scopes';

/** Checks a session or OAuth JWT and says who it speaks for. */
export type JwtVerifier = (token: string) => Promise<Principal>;

/** Why a JWT was refused; the message is safe to show (it never echoes the token). */
export class JwtRejectedError extends Error {
  override name = 'JwtRejectedError';
}

const claimsSchema = z.object({
  sub: z.string().check(z.minLength(1)),
  team_id: z.string().check(z.minLength(1)),
  token_use: z.enum(['session', 'oauth']),
  scope: z.optional(z.string()),
  jti: z.optional(z.string()),
});

/**
 * Builds the verifier once per container from the configuration: HS256 with `AUTH_JWT_SECRET`
 * (local) or RS256 against `AUTH_JWKS_URL` (AWS). The algorithm is pinned, so `alg: none` and
 * algorithm-confusion tokens fail; issuer and audience must match. Without an issuer configured,
 * every JWT is refused and only API keys work.
 */
export function createJwtVerifier(settings: Pick<Config, 'AUTH_JWT_ISSUER' | 'AUTH_JWT_AUDIENCE' | 'AUTH_JWKS_URL' | 'AUTH_JWT_SECRET'>): JwtVerifier {
  const { AUTH_JWT_ISSUER: issuer, AUTH_JWT_AUDIENCE: audience, AUTH_JWKS_URL: jwksUrl, AUTH_JWT_SECRET: secret } = settings;
  if (!issuer || !audience || (!jwksUrl && !secret)) {
    return async () => {
      throw new JwtRejectedError('Token credentials are not enabled on this deployment');
    };
  }
  const algorithms = jwksUrl ? ['RS256'] : ['HS256'];
  const key: Uint8Array | JWTVerifyGetKey = jwksUrl ? createRemoteJWKSet(new URL(jwksUrl)) : new TextEncoder().encode(secret);
  return async (token) => {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, key as Uint8Array, { algorithms, issuer, audience, requiredClaims: ['exp', 'sub'] }));
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new JwtRejectedError(code === 'ERR_JWT_EXPIRED' ? 'The token has expired' : 'The token is invalid', { cause: error });
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw new JwtRejectedError('The token lacks the claims sub, team_id and token_use');
    const { sub, team_id, token_use, scope, jti } = claims.data;
    return {
      kind: token_use,
      teamId: team_id,
      teamMemberId: sub,
      scopes: token_use === 'session' ? 'all' : knownScopes((scope ?? '').split(' ').filter(Boolean)),
      credentialId: jti ?? sub,
    };
  };
}
