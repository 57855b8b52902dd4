import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import { SignJWT } from 'jose';
import { issueApiKey } from '../../shared/auth/api-key-format';
import type { Scope } from '../../shared/auth/scopes';
import type { ApiKeyRecord } from '../../shared/domain/api-keys';
import { testJwt } from './test-environment';

/** Claims and settings of a test JWT; anything left out takes a valid default. */
export interface TokenOptions {
  sub?: string;
  team_id?: string | undefined;
  token_use?: string | undefined;
  scope?: string;
  jti?: string;
  issuer?: string;
  audience?: string;
  secret?: string;
  /** Seconds since the epoch; defaults to 5 minutes from now. */
  expiresAt?: number;
  /** Leave the `exp` claim out. */
  noExpiry?: boolean;
}

/**
 * Signs an HS256 JWT as the local identity setup would, valid for the test configuration by default.
 * @example await signToken({ token_use: 'oauth', scope: 'deals:read' })
 */
export async function signToken(options: TokenOptions = {}): Promise<string> {
  const claims: Record<string, unknown> = {};
  const teamId = 'team_id' in options ? options.team_id : 'team-1';
  const tokenUse = 'token_use' in options ? options.token_use : 'session';
  if (teamId !== undefined) claims.team_id = teamId;
  if (tokenUse !== undefined) claims.token_use = tokenUse;
  if (options.scope !== undefined) claims.scope = options.scope;
  if (options.jti !== undefined) claims.jti = options.jti;
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.sub ?? 'member-1')
    .setIssuer(options.issuer ?? testJwt.issuer)
    .setAudience(options.audience ?? testJwt.audience)
    .setIssuedAt();
  if (!options.noExpiry) jwt = jwt.setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 300);
  return jwt.sign(new TextEncoder().encode(options.secret ?? testJwt.secret));
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned `alg: none` JWT carrying otherwise valid claims. */
export function unsignedToken(): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: 'member-1', team_id: 'team-1', token_use: 'session', iss: testJwt.issuer, aud: testJwt.audience, iat: now, exp: now + 300 };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/** A freshly issued API key and the record the table would hold for it. */
export interface TestApiKey {
  apiKey: string;
  keyId: string;
  record: ApiKeyRecord;
}

/** Issues an API key of `team-1` with the given scopes (not revoked). */
export function testApiKey(scopes: Scope[] = [], overrides: Partial<ApiKeyRecord> = {}): TestApiKey {
  const issued = issueApiKey();
  const record: ApiKeyRecord = {
    key_id: issued.keyId,
    team_id: 'team-1',
    name: 'Test key',
    scopes,
    secret_hash: issued.secretHash,
    created_at: '2026-11-21T09:30:00.000Z',
    revoked_at: null,
    ...overrides,
  };
  return { apiKey: issued.apiKey, keyId: issued.keyId, record };
}

/** The table key of an API key record. */
export function apiKeyTableKey(keyId: string) {
  return { PK: `API_KEY#${keyId}`, SK: 'API_KEY' };
}

/** Makes the mocked table answer `GetItem` of the key's record with `record` (or nothing). */
export function storeApiKey(ddb: AwsClientStub<DynamoDBDocumentClient>, keyId: string, record: ApiKeyRecord | undefined): void {
  ddb.on(GetCommand, { Key: apiKeyTableKey(keyId) }).resolves(record ? { Item: { ...record, ...apiKeyTableKey(keyId), entity: 'API_KEY' } } : {});
}

/** `{ authorization: 'Bearer <token>' }`. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
