import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../../../../shared/http/chain';
import { defineRoute } from '../../../../../shared/http/route';
import { errorEnvelope, httpEvent, jsonHeaders, lambdaContext, parseResponse } from '../../../../support/api-gateway-events';
import { bearer, signToken, storeApiKey, testApiKey } from '../../../../support/credentials';
import { restoreTestEnvironment, useTestEnvironment } from '../../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);

let calls = 0;
const work = async () => {
  calls += 1;
  return { done: true };
};

const writeDeals = createHandler(defineRoute({ method: 'POST', path: '/v1/deals', tag: 'Deals', summary: 'Create a deal', table: 'write', scopes: ['deals:write'] }), work);
const readFees = createHandler(
  defineRoute({ method: 'GET', path: '/v1/jobs/fees', tag: 'Jobs', summary: 'Fees', table: 'read', scopes: ['deals:read', 'compensation:read'] }),
  work,
);
const unscoped = createHandler(defineRoute({ method: 'GET', path: '/v1/anything', tag: 'Test', summary: 'Anything', table: 'read' }), work);

const ok = { statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { done: true } } };
const insufficient = (scope: string) => ({
  statusCode: 403,
  headers: jsonHeaders(),
  body: errorEnvelope('INSUFFICIENT_SCOPE', `This credential lacks the required scope: ${scope}`),
});

const call = async (handler: typeof unscoped, token: string) => parseResponse(await handler(httpEvent({ headers: bearer(token) }), lambdaContext()));

beforeEach(() => {
  useTestEnvironment();
  calls = 0;
});

afterEach(() => {
  ddb.reset();
  restoreTestEnvironment();
});

describe('Middleware: requireScopes', () => {
  it('returns 403 INSUFFICIENT_SCOPE naming the scope when an API key lacks it', async () => {
    const key = testApiKey(['deals:read']);
    storeApiKey(ddb, key.keyId, key.record);
    expect(await call(writeDeals, key.apiKey)).toEqual(insufficient('deals:write'));
    expect(calls).toBe(0);
  });

  it('lets an API key holding the scope through', async () => {
    const key = testApiKey(['deals:read', 'deals:write']);
    storeApiKey(ddb, key.keyId, key.record);
    expect(await call(writeDeals, key.apiKey)).toEqual(ok);
    expect(calls).toBe(1);
  });

  it('returns 403 naming the scope when an OAuth token lacks it', async () => {
    const token = await signToken({ token_use: 'oauth', scope: 'deals:read compensation:read' });
    expect(await call(writeDeals, token)).toEqual(insufficient('deals:write'));
    expect(calls).toBe(0);
  });

  it('returns 403 for an OAuth token without any scope claim', async () => {
    const token = await signToken({ token_use: 'oauth' });
    expect(await call(writeDeals, token)).toEqual(insufficient('deals:write'));
  });

  it('lets an OAuth token holding the scope through', async () => {
    const token = await signToken({ token_use: 'oauth', scope: 'deals:write' });
    expect(await call(writeDeals, token)).toEqual(ok);
  });

  it('lets a session token through, since it holds every scope', async () => {
    const token = await signToken({ token_use: 'session' });
    expect(await call(writeDeals, token)).toEqual(ok);
    expect(await call(readFees, token)).toEqual(ok);
  });

  it('names the first missing scope when a route needs several', async () => {
    const key = testApiKey(['deals:read']);
    storeApiKey(ddb, key.keyId, key.record);
    expect(await call(readFees, key.apiKey)).toEqual(insufficient('compensation:read'));
  });

  it('lets any valid credential of the team through a route without scopes', async () => {
    const key = testApiKey([]);
    storeApiKey(ddb, key.keyId, key.record);
    expect(await call(unscoped, key.apiKey)).toEqual(ok);
    expect(await call(unscoped, await signToken({ token_use: 'oauth' }))).toEqual(ok);
  });

  it('answers 401, not 403, when the credential is missing on a scoped route', async () => {
    expect(parseResponse(await writeDeals(httpEvent(), lambdaContext()))).toEqual({
      statusCode: 401,
      headers: jsonHeaders(),
      body: errorEnvelope('UNAUTHORIZED', 'The Authorization header is missing'),
    });
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });
});
