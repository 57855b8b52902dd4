import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Scope } from '../../shared/auth/scopes';

/** The JWT settings `npm start` and the admin command use when the environment sets none. */
export const localJwtDefaults = {
  AUTH_JWT_ISSUER: 'recruiting-local',
  AUTH_JWT_AUDIENCE: 'recruiting-api',
  AUTH_JWT_SECRET: 'local-development-secret-do-not-deploy',
} as const;

/** Fills in the local JWT settings unless the environment chose RS256 or its own secret. */
export function applyLocalJwtDefaults(environment: NodeJS.ProcessEnv): void {
  if (environment.AUTH_JWKS_URL) return;
  environment.AUTH_JWT_ISSUER ||= localJwtDefaults.AUTH_JWT_ISSUER;
  environment.AUTH_JWT_AUDIENCE ||= localJwtDefaults.AUTH_JWT_AUDIENCE;
  environment.AUTH_JWT_SECRET ||= localJwtDefaults.AUTH_JWT_SECRET;
}

/**
 * Signs an HS256 session or OAuth token for local use (the deployed service verifies RS256 tokens
 * of a real identity provider instead).
 */
export async function issueLocalToken(input: {
  teamId: string;
  teamMemberId: string;
  kind: 'session' | 'oauth';
  scopes?: Scope[];
  ttlSeconds?: number;
  environment?: NodeJS.ProcessEnv;
}): Promise<string> {
  const environment = input.environment ?? process.env;
  const secret = environment.AUTH_JWT_SECRET || localJwtDefaults.AUTH_JWT_SECRET;
  return new SignJWT({ team_id: input.teamId, token_use: input.kind, ...(input.kind === 'oauth' ? { scope: (input.scopes ?? []).join(' ') } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(input.teamMemberId)
    .setIssuer(environment.AUTH_JWT_ISSUER || localJwtDefaults.AUTH_JWT_ISSUER)
    .setAudience(environment.AUTH_JWT_AUDIENCE || localJwtDefaults.AUTH_JWT_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + (input.ttlSeconds ?? 12 * 3600))
    .sign(new TextEncoder().encode(secret));
}
