import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '../../../../../shared/auth/scopes';
import { createHandler } from '../../../../../shared/http/chain';
import { defineRoute } from '../../../../../shared/http/route';
import { errorEnvelope, httpEvent, jsonHeaders, lambdaContext, parseResponse } from '../../../../support/api-gateway-events';
import { apiKeyTableKey, bearer, signToken, storeApiKey, testApiKey, unsignedToken } from '../../../../support/credentials';
import { restoreTestEnvironment, useTestEnvironment } from '../../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);

const route = defineRoute({ method: 'GET', path: '/v1/test', tag: 'Test', summary: 'Who am I', table: 'read' });

/** The principal each call of the handler saw, in order. */
let seen: Principal[] = [];
const handler = createHandler(route, async ({ principal }) => {
  seen.push(principal);
  return { ok: true };
});

const call = async (headers: Record<string, string> = {}) => parseResponse(await handler(httpEvent({ headers }), lambdaContext()));

const ok = { statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { ok: true } } };
const unauthorized = (message: string) => ({ statusCode: 401, headers: jsonHeaders(), body: errorEnvelope('UNAUTHORIZED', message) });

beforeEach(() => {
  useTestEnvironment();
  seen = [];
});

afterEach(() => {
  ddb.reset();
  vi.useRealTimers();
  restoreTestEnvironment();
});

describe('Middleware: bearerAuth', () => {
  describe('refusals', () => {
    it('returns 401 when the Authorization header is missing', async () => {
      expect(await call()).toEqual(unauthorized('The Authorization header is missing'));
      expect(seen).toEqual([]);
    });

    it('returns 401 when the header uses another scheme (Basic)', async () => {
      expect(await call({ authorization: 'Basic dXNlcjpwYXNz' })).toEqual(unauthorized('The Authorization header must use the Bearer scheme'));
    });

    it('returns 401 when the Bearer scheme has no token', async () => {
      expect(await call({ authorization: 'Bearer ' })).toEqual(unauthorized('The Authorization header must use the Bearer scheme'));
    });

    it('returns 401 when the API key is unknown (GetItem finds nothing)', async () => {
      const key = testApiKey(['deals:read']);
      storeApiKey(ddb, key.keyId, undefined);
      expect(await call(bearer(key.apiKey))).toEqual(unauthorized('The API key is not valid'));
      expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
      expect(seen).toEqual([]);
    });

    it('returns 401 when the API key secret is wrong', async () => {
      const key = testApiKey(['deals:read']);
      const other = testApiKey();
      storeApiKey(ddb, key.keyId, key.record);
      const forged = `rk_${key.keyId}_${other.apiKey.split('_').slice(2).join('_')}`;
      expect(await call(bearer(forged))).toEqual(unauthorized('The API key is not valid'));
    });

    it('returns 401 when the API key is revoked', async () => {
      const key = testApiKey(['deals:read'], { revoked_at: '2026-11-21T10:00:00.000Z' });
      storeApiKey(ddb, key.keyId, key.record);
      expect(await call(bearer(key.apiKey))).toEqual(unauthorized('The API key has been revoked'));
    });

    it.each([
      ['no key id', 'rk__secret'],
      ['no secret', 'rk_01J0000000000000000000000A_'],
      ['no separator', 'rk_01J0000000000000000000000A'],
      ['a key id that is not a ULID', 'rk_not-a-ulid_secret'],
    ])('returns 401 without reading the table when the API key is malformed (%s)', async (_case, token) => {
      expect(await call(bearer(token))).toEqual(unauthorized('The API key is malformed'));
      expect(ddb.calls()).toHaveLength(0);
    });

    it('returns 401 when the JWT has expired', async () => {
      const token = await signToken({ expiresAt: Math.floor(Date.now() / 1000) - 60 });
      expect(await call(bearer(token))).toEqual(unauthorized('The token has expired'));
    });

    it('returns 401 for an unsigned alg: none JWT', async () => {
      expect(await call(bearer(unsignedToken()))).toEqual(unauthorized('The token is invalid'));
    });

    it('returns 401 for an HS256 JWT signed with another secret', async () => {
      const token = await signToken({ secret: 'another-secret-of-at-least-16-chars' });
      expect(await call(bearer(token))).toEqual(unauthorized('The token is invalid'));
    });

    it('returns 401 for a JWT of another issuer', async () => {
      const token = await signToken({ issuer: 'https://evil.example' });
      expect(await call(bearer(token))).toEqual(unauthorized('The token is invalid'));
    });

    it('returns 401 for a JWT of another audience', async () => {
      const token = await signToken({ audience: 'another-api' });
      expect(await call(bearer(token))).toEqual(unauthorized('The token is invalid'));
    });

    it('returns 401 for a JWT without an expiry', async () => {
      const token = await signToken({ noExpiry: true });
      expect(await call(bearer(token))).toEqual(unauthorized('The token is invalid'));
    });

    it('returns 401 for a JWT without a team_id claim', async () => {
      const token = await signToken({ team_id: undefined });
      expect(await call(bearer(token))).toEqual(unauthorized('The token lacks the claims sub, team_id and token_use'));
    });

    it('returns 401 for a JWT without a token_use claim', async () => {
      const token = await signToken({ token_use: undefined });
      expect(await call(bearer(token))).toEqual(unauthorized('The token lacks the claims sub, team_id and token_use'));
    });

    it('returns 401 for a JWT whose token_use is neither session nor oauth', async () => {
      const token = await signToken({ token_use: 'id' });
      expect(await call(bearer(token))).toEqual(unauthorized('The token lacks the claims sub, team_id and token_use'));
    });

    it('returns 401 for a garbage token that is neither an API key nor a JWT', async () => {
      expect(await call(bearer('not-a-token'))).toEqual(unauthorized('The token is invalid'));
    });

    it('returns 401 for a valid JWT when no JWT issuer is configured', async () => {
      const token = await signToken();
      useTestEnvironment({ AUTH_JWT_ISSUER: undefined, AUTH_JWT_AUDIENCE: undefined, AUTH_JWT_SECRET: undefined });
      expect(await call(bearer(token))).toEqual(unauthorized('Token credentials are not enabled on this deployment'));
    });

    it('still accepts API keys when no JWT issuer is configured', async () => {
      useTestEnvironment({ AUTH_JWT_ISSUER: undefined, AUTH_JWT_AUDIENCE: undefined, AUTH_JWT_SECRET: undefined });
      const key = testApiKey();
      storeApiKey(ddb, key.keyId, key.record);
      expect(await call(bearer(key.apiKey))).toEqual(ok);
    });

    it('answers 503 (not 401) when the table is throttled while looking the key up', async () => {
      const key = testApiKey();
      ddb.on(GetCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' }));
      expect(await call(bearer(key.apiKey))).toEqual({
        statusCode: 503,
        headers: jsonHeaders('req-test-0001', { 'retry-after': '1' }),
        body: errorEnvelope('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly'),
      });
    });
  });

  describe('accepted credentials', () => {
    it('reaches the handler with an API key principal (no team member, the key scopes)', async () => {
      const key = testApiKey(['deals:read', 'webhooks:write']);
      storeApiKey(ddb, key.keyId, key.record);
      expect(await call(bearer(key.apiKey))).toEqual(ok);
      expect(seen).toEqual([{ kind: 'api_key', teamId: 'team-1', teamMemberId: null, scopes: new Set(['deals:read', 'webhooks:write']), credentialId: key.keyId }]);
      expect(ddb.commandCalls(GetCommand)[0]?.args[0].input).toEqual({ TableName: 'test', Key: apiKeyTableKey(key.keyId), ConsistentRead: true });
    });

    it('accepts the scheme name in any case and extra spaces', async () => {
      const key = testApiKey();
      storeApiKey(ddb, key.keyId, key.record);
      expect(await call({ Authorization: `bearer   ${key.apiKey}` })).toEqual(ok);
    });

    it('reaches the handler with a session principal holding every scope', async () => {
      const token = await signToken({ sub: 'member-7', team_id: 'team-9', token_use: 'session', jti: 'jti-1' });
      expect(await call(bearer(token))).toEqual(ok);
      expect(seen).toEqual([{ kind: 'session', teamId: 'team-9', teamMemberId: 'member-7', scopes: 'all', credentialId: 'jti-1' }]);
      expect(ddb.calls()).toHaveLength(0);
    });

    it('reaches the handler with an OAuth principal holding the known scopes of its scope claim', async () => {
      const token = await signToken({ sub: 'member-7', token_use: 'oauth', scope: 'deals:write unknown:scope compensation:read' });
      expect(await call(bearer(token))).toEqual(ok);
      expect(seen).toEqual([{ kind: 'oauth', teamId: 'team-1', teamMemberId: 'member-7', scopes: new Set(['deals:write', 'compensation:read']), credentialId: 'member-7' }]);
    });
  });

  describe('API key cache', () => {
    it('does not read the key again for a second request within the TTL', async () => {
      const key = testApiKey();
      storeApiKey(ddb, key.keyId, key.record);
      expect(await call(bearer(key.apiKey))).toEqual(ok);
      expect(await call(bearer(key.apiKey))).toEqual(ok);
      expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
    });

    it('still checks the secret of a cached key', async () => {
      const key = testApiKey();
      storeApiKey(ddb, key.keyId, key.record);
      expect(await call(bearer(key.apiKey))).toEqual(ok);
      expect(await call(bearer(`${key.apiKey.slice(0, -2)}xx`))).toEqual(unauthorized('The API key is not valid'));
      expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
    });

    it('refuses a revoked key once API_KEY_CACHE_TTL_SECONDS has elapsed', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T09:30:00.000Z'));
      useTestEnvironment({ API_KEY_CACHE_TTL_SECONDS: '5' });
      const key = testApiKey();
      storeApiKey(ddb, key.keyId, key.record);
      expect(await call(bearer(key.apiKey))).toEqual(ok);

      // The key is revoked in the table; the warm container still trusts its copy for the TTL.
      storeApiKey(ddb, key.keyId, { ...key.record, revoked_at: '2026-11-21T09:30:01.000Z' });
      vi.setSystemTime(new Date('2026-11-21T09:30:04.999Z'));
      expect(await call(bearer(key.apiKey))).toEqual(ok);
      expect(ddb.commandCalls(GetCommand)).toHaveLength(1);

      vi.setSystemTime(new Date('2026-11-21T09:30:05.000Z'));
      expect(await call(bearer(key.apiKey))).toEqual(unauthorized('The API key has been revoked'));
      expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
    });

    it('reads the key on every request and refuses a revocation at once when the TTL is 0', async () => {
      useTestEnvironment({ API_KEY_CACHE_TTL_SECONDS: '0' });
      const key = testApiKey();
      storeApiKey(ddb, key.keyId, key.record);
      expect(await call(bearer(key.apiKey))).toEqual(ok);
      storeApiKey(ddb, key.keyId, { ...key.record, revoked_at: '2026-11-21T09:30:01.000Z' });
      expect(await call(bearer(key.apiKey))).toEqual(unauthorized('The API key has been revoked'));
      expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
    });

    it('does not cache an unknown key, so a key created later works at once', async () => {
      const key = testApiKey();
      storeApiKey(ddb, key.keyId, undefined);
      expect(await call(bearer(key.apiKey))).toEqual(unauthorized('The API key is not valid'));
      storeApiKey(ddb, key.keyId, key.record);
      expect(await call(bearer(key.apiKey))).toEqual(ok);
      expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
    });

    it('is shared by every route of the container and forgotten by resetBearerAuth', async () => {
      const other = createHandler(defineRoute({ method: 'GET', path: '/v1/other', tag: 'Test', summary: 'Other', table: 'read' }), async () => 'other');
      const key = testApiKey();
      storeApiKey(ddb, key.keyId, key.record);
      expect(await call(bearer(key.apiKey))).toEqual(ok);
      expect(parseResponse(await other(httpEvent({ path: '/v1/other', headers: bearer(key.apiKey) }), lambdaContext()))).toEqual({
        statusCode: 200,
        headers: jsonHeaders(),
        body: { success: true, data: 'other' },
      });
      expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
      useTestEnvironment();
      expect(await call(bearer(key.apiKey))).toEqual(ok);
      expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
    });
  });
});
