import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalDeliveryQueue, createSqsDeliveryQueue, deliveryQueue, maxQueueDelaySeconds, useDeliveryQueue } from '../../../../shared/webhooks/delivery-queue';
import type { DeliveryMessage, DeliveryQueue } from '../../../../shared/webhooks/delivery-queue';
import { attemptDelivery } from '../../../../shared/webhooks/sender';
import { restoreTestEnvironment, useTestEnvironment } from '../../../support/test-environment';

const sqs = mockClient(SQSClient);
const queueUrl = 'https://sqs.us-east-1.amazonaws.com/123456789012/webhook-deliveries';

const message = (overrides: Partial<DeliveryMessage> = {}): DeliveryMessage => ({
  team_id: 't1',
  event_id: 'e1',
  endpoint_id: 'p1',
  attempt: 5,
  not_before: Date.now(),
  trigger: 'scheduled',
  ...overrides,
});

beforeEach(() => {
  useTestEnvironment();
  sqs.on(SendMessageCommand).resolves({ MessageId: 'm1' });
});

afterEach(() => {
  sqs.reset();
  useDeliveryQueue(undefined);
  vi.useRealTimers();
  restoreTestEnvironment();
});

describe('Webhooks: SQS delivery queue', () => {
  it('sends the message as JSON with its delay in whole seconds, rounded up', async () => {
    await createSqsDeliveryQueue(queueUrl, new SQSClient({})).send(message(), 4.2);
    const [call] = sqs.commandCalls(SendMessageCommand);
    expect(call!.args[0].input).toEqual({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message({ not_before: JSON.parse(call!.args[0].input.MessageBody!).not_before })), DelaySeconds: 5 });
  });

  it('caps a delay at 900 seconds, the most SQS allows', async () => {
    await createSqsDeliveryQueue(queueUrl, new SQSClient({})).send(message(), 2 * 3600);
    expect(sqs.commandCalls(SendMessageCommand)[0]!.args[0].input.DelaySeconds).toBe(maxQueueDelaySeconds);
  });

  it('is the queue of the container when WEBHOOK_QUEUE_URL is set', async () => {
    useTestEnvironment({ WEBHOOK_QUEUE_URL: queueUrl });
    useDeliveryQueue(undefined);
    await deliveryQueue().send(message(), 0);
    expect(sqs.commandCalls(SendMessageCommand)[0]!.args[0].input).toMatchObject({ QueueUrl: queueUrl, DelaySeconds: 0 });
  });
});

describe('Webhooks: a message that is not yet due hops through the queue', () => {
  it('sends a message due in 5 hours on with the rest of its wait, which SQS cuts to 900 s, without touching the table or the endpoint', async () => {
    useTestEnvironment({ WEBHOOK_QUEUE_URL: queueUrl });
    useDeliveryQueue(undefined);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const due = message({ not_before: Date.now() + 5 * 3600 * 1000 });
    await attemptDelivery(due);
    const [call] = sqs.commandCalls(SendMessageCommand);
    expect(call!.args[0].input.DelaySeconds).toBe(900);
    expect(JSON.parse(call!.args[0].input.MessageBody!)).toEqual(due);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('asks for the whole remaining wait (the queue decides how much of it one hop takes)', async () => {
    const sent: number[] = [];
    const recording: DeliveryQueue = { send: async (_message, delaySeconds) => void sent.push(delaySeconds) };
    useDeliveryQueue(recording);
    await attemptDelivery(message({ not_before: Date.now() + 1200 * 1000 }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeGreaterThan(1199);
    expect(sent[0]).toBeLessThanOrEqual(1200);
  });
});

describe('Webhooks: local delivery queue', () => {
  it('hands each message over after its delay, and clear() drops what still waits', async () => {
    vi.useFakeTimers();
    const delivered: DeliveryMessage[] = [];
    const queue = createLocalDeliveryQueue(async (sent) => void delivered.push(sent));
    await queue.send(message({ attempt: 1 }), 0.2);
    await queue.send(message({ attempt: 2 }), 10);
    await vi.advanceTimersByTimeAsync(199);
    expect(delivered).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(delivered.map((sent) => sent.attempt)).toEqual([1]);
    queue.clear();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(delivered.map((sent) => sent.attempt)).toEqual([1]);
  });
});
