import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDeliveryQueue } from '../../../../shared/webhooks/delivery-queue';
import type { DeliveryMessage } from '../../../../shared/webhooks/delivery-queue';
import { attemptDelivery } from '../../../../shared/webhooks/sender';
import { newEndpointSecret } from '../../../../shared/webhooks/signature';
import { restoreTestEnvironment, useTestEnvironment } from '../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);
const sent: { message: DeliveryMessage; delay: number }[] = [];
const message: DeliveryMessage = { team_id: 't1', event_id: 'e1', endpoint_id: 'p1', attempt: 2, not_before: Date.now(), trigger: 'scheduled' };

beforeEach(() => {
  useTestEnvironment();
  sent.length = 0;
  useDeliveryQueue({ send: async (queued, delay) => void sent.push({ message: queued, delay }) });
  ddb.on(GetCommand, { Key: { PK: 'TEAM#t1#EVENT#e1', SK: 'EVENT' } }).resolves({ Item: { id: 'e1', type: 'person.created', timestamp: '2026-11-22T00:00:00.000Z', payload: '{"type":"person.created"}', created_sort: '01J', expires_at: 1, entity: 'EVENT', version: 2 } });
  ddb.on(GetCommand, { Key: { PK: 'TEAM#t1#EVENT#e1', SK: 'DELIVERY#p1' } }).resolves({ Item: { event_id: 'e1', endpoint_id: 'p1', status: 'pending', attempt_count: 1, entity: 'WEBHOOK_DELIVERY', version: 3 } });
  ddb.on(GetCommand, { Key: { PK: 'TEAM#t1#WEBHOOK_ENDPOINTS', SK: 'ENDPOINT#p1' } }).resolves({ Item: { id: 'p1', url: 'https://hooks.example.test/in', secret: newEndpointSecret(), event_types: [], disabled: false, failing_since: null, entity: 'WEBHOOK_ENDPOINT', version: 1 } });
  ddb.on(UpdateCommand).resolves({});
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('ok', { status: 200 }));
});

afterEach(() => {
  ddb.reset();
  vi.restoreAllMocks();
  useDeliveryQueue(undefined);
  restoreTestEnvironment();
});

describe('Webhooks: sender', () => {
  it('records the attempt and the delivery state together when nothing changed meanwhile', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await attemptDelivery(message);
    const [transaction] = ddb.commandCalls(TransactWriteCommand);
    const items = transaction!.args[0].input.TransactItems ?? [];
    expect(items[0]?.Put?.Item).toMatchObject({ entity: 'WEBHOOK_ATTEMPT', attempt: 2, status_code: 200, succeeded: true });
    expect(items[1]?.Update?.ExpressionAttributeValues).toMatchObject({ ':expected': 3 });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('still logs the POST when the delivery changed concurrently (a replay), leaving the delivery to the other writer', async () => {
    ddb.on(TransactWriteCommand).rejects(Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }] }));
    ddb.on(PutCommand).resolves({});
    await attemptDelivery(message);
    const puts = ddb.commandCalls(PutCommand);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.args[0].input.Item).toMatchObject({ entity: 'WEBHOOK_ATTEMPT', event_id: 'e1', endpoint_id: 'p1', attempt: 2, status_code: 200, succeeded: true });
    expect(String(puts[0]!.args[0].input.Item?.SK)).toMatch(/^ATTEMPT#p1#/);
  });
});
