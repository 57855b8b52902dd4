import type { DynamoDBRecord, SQSRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreTestEnvironment, useTestEnvironment } from '../../../support/test-environment';

const dispatchEvent = vi.fn<(teamId: string, eventId: string) => Promise<number>>();
const attemptDelivery = vi.fn<(message: unknown) => Promise<void>>();
vi.mock('../../../../shared/webhooks/dispatcher', () => ({ dispatchEvent }));
vi.mock('../../../../shared/webhooks/sender', () => ({ attemptDelivery }));

const { handler: dispatcherHandler, eventOf } = await import('../../../../infra/handlers/webhook-dispatcher');
const { handler: senderHandler } = await import('../../../../infra/handlers/webhook-sender');

/** A stream record as DynamoDB sends it (only what the handler reads). */
function streamRecord(eventName: 'INSERT' | 'MODIFY' | 'REMOVE', image: Record<string, string> | undefined, sequence: string): DynamoDBRecord {
  return {
    eventName,
    eventID: `id-${sequence}`,
    dynamodb: { SequenceNumber: sequence, ...(image ? { NewImage: Object.fromEntries(Object.entries(image).map(([name, value]) => [name, { S: value }])) } : {}) },
  };
}

const eventImage = (id: string) => ({ PK: `TEAM#t1#EVENT#${id}`, SK: 'EVENT', entity: 'EVENT', team_id: 't1', id, type: 'person.created' });

beforeEach(() => {
  useTestEnvironment();
  dispatchEvent.mockResolvedValue(1);
  attemptDelivery.mockResolvedValue(undefined);
});

afterEach(() => {
  vi.resetAllMocks();
  restoreTestEnvironment();
});

describe('Handler: webhook dispatcher (table stream)', () => {
  it('dispatches only inserted EVENT items, with their team and id', async () => {
    const records = [
      streamRecord('INSERT', eventImage('e1'), '1'),
      streamRecord('MODIFY', eventImage('e2'), '2'),
      streamRecord('INSERT', { entity: 'PERSON', team_id: 't1', id: 'p1' }, '3'),
      streamRecord('REMOVE', undefined, '4'),
      streamRecord('INSERT', { entity: 'EVENT', id: 'e5' }, '5'),
      streamRecord('INSERT', eventImage('e6'), '6'),
    ];
    expect(await dispatcherHandler({ Records: records })).toEqual({ batchItemFailures: [] });
    expect(dispatchEvent.mock.calls).toEqual([
      ['t1', 'e1'],
      ['t1', 'e6'],
    ]);
    expect(records.map(eventOf)).toEqual([['t1', 'e1'], undefined, undefined, undefined, undefined, ['t1', 'e6']]);
  });

  it('reports the first record that fails and stops there, so the stream retries from it', async () => {
    dispatchEvent.mockResolvedValueOnce(1).mockRejectedValueOnce(new Error('throttled'));
    const records = [streamRecord('INSERT', eventImage('e1'), '11'), streamRecord('INSERT', eventImage('e2'), '12'), streamRecord('INSERT', eventImage('e3'), '13')];
    expect(await dispatcherHandler({ Records: records })).toEqual({ batchItemFailures: [{ itemIdentifier: '12' }] });
    expect(dispatchEvent).toHaveBeenCalledTimes(2);
  });
});

describe('Handler: webhook sender (delivery queue)', () => {
  const sqsRecord = (messageId: string, body: unknown) => ({ messageId, body: JSON.stringify(body) }) as SQSRecord;

  it('attempts every message and reports only those whose attempt threw', async () => {
    attemptDelivery.mockImplementation(async (message) => {
      if ((message as { event_id: string }).event_id === 'bad') throw new Error('table unavailable');
    });
    const result = await senderHandler({ Records: [sqsRecord('m1', { event_id: 'ok' }), sqsRecord('m2', { event_id: 'bad' }), sqsRecord('m3', { event_id: 'ok' })] });
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(attemptDelivery.mock.calls.map(([message]) => message)).toEqual([{ event_id: 'ok' }, { event_id: 'bad' }, { event_id: 'ok' }]);
  });

  it('reports a message whose body is not JSON', async () => {
    expect(await senderHandler({ Records: [{ messageId: 'm9', body: 'not json' } as SQSRecord] })).toEqual({ batchItemFailures: [{ itemIdentifier: 'm9' }] });
  });
});
