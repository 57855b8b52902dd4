import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/team-members/list-team-members';
import { errorEnvelope, httpEvent, jsonHeaders, lambdaContext, parseResponse } from '../../../support/api-gateway-events';
import { bearer, signToken, storeApiKey, testApiKey } from '../../../support/credentials';
import { restoreTestEnvironment, useTestEnvironment } from '../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);

const member = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  email: `member${n}@example.com`,
  first_name: `First${n}`,
  last_name: `Last${n}`,
  created_at: `2026-11-0${n}T09:30:00.000Z`,
});

/** A member item as stored: key attributes and repository fields around the member. */
const storedMember = (teamId: string, n: number) => ({
  ...member(n),
  PK: `TEAM#${teamId}#TEAM_MEMBER#${member(n).id}`,
  SK: 'TEAM_MEMBER',
  GSI1PK: `TEAM#${teamId}#TEAM_MEMBER`,
  GSI1SK: `01JD0000000000000000000${n}`,
  team_id: teamId,
  entity: 'TEAM_MEMBER',
  version: 1,
  created_sort: `01JD0000000000000000000${n}`,
});

/** The mocked table of `teamId` with members 1..count and its member counter. */
function storeMembers(teamId: string, count: number): void {
  const items = Array.from({ length: count }, (_, index) => storedMember(teamId, index + 1));
  ddb.on(QueryCommand).callsFake((input: { Limit?: number }) => ({ Items: items.slice(0, input.Limit) }));
  ddb.on(GetCommand, { Key: { PK: `TEAM#${teamId}#COUNTER`, SK: 'TEAM_MEMBER' } }).resolves({ Item: { PK: `TEAM#${teamId}#COUNTER`, SK: 'TEAM_MEMBER', count } });
}

let token = '';
const list = async (query?: Record<string, string>, headers = bearer(token)) =>
  parseResponse(await handler(httpEvent({ path: '/v1/team-members', headers, ...(query ? { query } : {}) }), lambdaContext()));

beforeEach(async () => {
  useTestEnvironment({ VALIDATE_RESPONSES: 'true' });
  token = await signToken({ team_id: 'team-1', token_use: 'session' });
});

afterEach(() => {
  ddb.reset();
  restoreTestEnvironment();
});

describe('Handler: GET /v1/team-members', () => {
  it('applies limit 100 and offset 0 by default and answers the page with meta', async () => {
    storeMembers('team-1', 3);
    expect(await list()).toEqual({
      statusCode: 200,
      headers: jsonHeaders(),
      body: { success: true, data: [member(1), member(2), member(3)], meta: { total: 3, offset: 0, limit: 100 } },
    });
    const [query] = ddb.commandCalls(QueryCommand);
    expect(query?.args[0].input).toMatchObject({ IndexName: 'GSI1', ExpressionAttributeValues: { ':pk': 'TEAM#team-1#TEAM_MEMBER' }, ScanIndexForward: true, Limit: 100 });
  });

  it('pages with offset and limit', async () => {
    storeMembers('team-1', 3);
    expect(await list({ offset: '1', limit: '1' })).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: [member(2)], meta: { total: 3, offset: 1, limit: 1 } } });
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input.Limit).toBe(2);
  });

  it('reads only the team of the credential', async () => {
    const key = testApiKey([], { team_id: 'team-2' });
    storeApiKey(ddb, key.keyId, key.record);
    storeMembers('team-2', 1);
    expect(await list(undefined, bearer(key.apiKey))).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: [member(1)], meta: { total: 1, offset: 0, limit: 100 } } });
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input.ExpressionAttributeValues).toEqual({ ':pk': 'TEAM#team-2#TEAM_MEMBER' });
  });

  it.each([
    ['limit=0', { limit: '0' }, 'query.limit'],
    ['limit=101', { limit: '101' }, 'query.limit'],
    ['offset=-1', { offset: '-1' }, 'query.offset'],
    ['limit=abc', { limit: 'abc' }, 'query.limit'],
  ])('returns 400 for %s without reading the table', async (_case, query, path) => {
    expect(await list(query)).toEqual({
      statusCode: 400,
      headers: jsonHeaders(),
      body: errorEnvelope('VALIDATION_ERROR', expect.stringMatching(new RegExp(`^Invalid request: ${path}: `)), 'req-test-0001', [{ path, message: expect.any(String) }]),
    });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('returns 401 without a credential', async () => {
    expect(await list(undefined, {})).toEqual({ statusCode: 401, headers: jsonHeaders(), body: errorEnvelope('UNAUTHORIZED', 'The Authorization header is missing') });
  });

  it('returns 503 when the index query is throttled', async () => {
    ddb.on(QueryCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    ddb.on(GetCommand).resolves({});
    expect(await list()).toEqual({
      statusCode: 503,
      headers: jsonHeaders('req-test-0001', { 'retry-after': '1' }),
      body: errorEnvelope('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly'),
    });
  });
});
