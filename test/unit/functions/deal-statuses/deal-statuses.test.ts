import { ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler as createDealStatus } from '../../../../functions/deal-statuses/create-deal-status';
import { handler as listDealStatuses } from '../../../../functions/deal-statuses/list-deal-statuses';
import { errorEnvelope, httpEvent, jsonEvent, jsonHeaders, lambdaContext, parseResponse } from '../../../support/api-gateway-events';
import { bearer, signToken } from '../../../support/credentials';
import { restoreTestEnvironment, useTestEnvironment } from '../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);
const metadata = { httpStatusCode: 400, requestId: 'DDB-REQ', attempts: 1, totalRetryDelay: 0 };
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const status = (id: string, name: string, stage_order: number, extra: Record<string, unknown> = {}) => ({
  PK: 'TEAM#team-1#DEAL_STATUS',
  SK: `ID#${id}`,
  team_id: 'team-1',
  entity: 'DEAL_STATUS',
  version: 1,
  id,
  name,
  color: '#6B7280',
  stage_order,
  status_type: 'active',
  is_default_status: false,
  created_sort: `01JD000000000000000000000${stage_order}`,
  deleted_at: null,
  ...extra,
});

const stored = [
  status('22222222-2222-4222-8222-222222222222', 'Qualified', 2),
  status('11111111-1111-4111-8111-111111111111', 'Lead', 1, { is_default_status: true }),
  status('33333333-3333-4333-8333-333333333333', 'Gone', 3, { deleted_at: '2026-11-20T00:00:00.000Z' }),
];

const shown = (item: ReturnType<typeof status>) => ({
  id: item.id,
  name: item.name,
  color: item.color,
  stage_order: item.stage_order,
  status_type: item.status_type,
  is_default_status: item.is_default_status,
});

let token = '';

beforeEach(async () => {
  useTestEnvironment({ VALIDATE_RESPONSES: 'true' });
  token = await signToken({ team_id: 'team-1' });
});

afterEach(() => {
  ddb.reset();
  restoreTestEnvironment();
});

describe('Handler: GET /v1/deals/statuses', () => {
  const list = async () => parseResponse(await listDealStatuses(httpEvent({ path: '/v1/deals/statuses', headers: bearer(token) }), lambdaContext()));

  it('answers the live statuses of the team ordered by stage_order', async () => {
    ddb.on(QueryCommand).resolves({ Items: stored });
    expect(await list()).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: [shown(stored[1]!), shown(stored[0]!)] } });
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input.ExpressionAttributeValues).toEqual({ ':pk': 'TEAM#team-1#DEAL_STATUS', ':prefix': 'ID#' });
  });

  it('answers 503 when the table is throttled', async () => {
    ddb.on(QueryCommand).rejects(new ProvisionedThroughputExceededException({ message: 'Throughput exceeded for table test', $metadata: metadata }));
    expect(await list()).toEqual({
      statusCode: 503,
      headers: jsonHeaders('req-test-0001', { 'retry-after': '1' }),
      body: errorEnvelope('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly'),
    });
  });
});

describe('Handler: POST /v1/deals/statuses', () => {
  const create = async (body: unknown) => parseResponse(await createDealStatus(jsonEvent(body, { path: '/v1/deals/statuses', headers: bearer(token) }), lambdaContext()));

  it('creates a status with the defaults, after the live statuses, and answers 201', async () => {
    ddb.on(QueryCommand).resolves({ Items: stored });
    ddb.on(TransactWriteCommand).resolves({});
    const response = await create({ name: 'Proposal' });
    expect(response).toEqual({
      statusCode: 201,
      headers: jsonHeaders(),
      body: { success: true, data: { id: expect.stringMatching(uuid), name: 'Proposal', color: '#6B7280', stage_order: 3, status_type: 'active', is_default_status: false } },
    });
    const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items.map((item) => [item.Put?.Item?.PK, item.Put?.Item?.SK])).toEqual([
      ['TEAM#team-1#DEAL_STATUS', `ID#${(response.body as { data: { id: string } }).data.id}`],
      ['TEAM#team-1#DEAL_STATUS', 'NAME#proposal'],
      [expect.stringMatching(/^TEAM#team-1#EVENT#/), 'EVENT'],
    ]);
    expect(items[2]?.Put?.Item).toMatchObject({ type: 'configuration.created', snapshot: { list: 'DEAL_STATUS', name: 'Proposal' } });
  });

  it('answers 409 naming the duplicate when the name guard condition fails', async () => {
    ddb.on(QueryCommand).resolves({ Items: stored });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
        $metadata: metadata,
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      }),
    );
    expect(await create({ name: 'Lead' })).toEqual({ statusCode: 409, headers: jsonHeaders(), body: errorEnvelope('CONFLICT', 'A deal status named "Lead" already exists') });
  });

  it('answers 400 for an unknown body field without writing', async () => {
    expect(await create({ name: 'Proposal', colour: '#FFFFFF' })).toEqual({
      statusCode: 400,
      headers: jsonHeaders(),
      body: errorEnvelope('VALIDATION_ERROR', expect.stringMatching(/^Invalid request: body\.colour: /), 'req-test-0001', [{ path: 'body.colour', message: expect.any(String) }]),
    });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('answers 400 for a colour that is not #RRGGBB', async () => {
    expect(await create({ name: 'Proposal', color: 'red' })).toEqual({
      statusCode: 400,
      headers: jsonHeaders(),
      body: errorEnvelope('VALIDATION_ERROR', 'Invalid request: body.color: Expected a hex colour such as #1A2B3C', 'req-test-0001', [
        { path: 'body.color', message: 'Expected a hex colour such as #1A2B3C' },
      ]),
    });
  });
});
