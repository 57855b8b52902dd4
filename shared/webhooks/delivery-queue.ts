import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config/env';
import { logger } from '../logging/logger';

/**
 * One delivery attempt waiting to be made: the `attempt`-th POST of event `event_id` to endpoint
 * `endpoint_id`, due at `not_before` (epoch milliseconds). A message that arrives early (a queue
 * delays at most {@link maxQueueDelaySeconds}) is sent on again for the rest of the wait.
 */
export interface DeliveryMessage {
  team_id: string;
  event_id: string;
  endpoint_id: string;
  /** 1-based; replays continue the delivery's count. */
  attempt: number;
  not_before: number;
  trigger: 'scheduled' | 'replay' | 'test';
}

/** Where attempts wait until they are due: SQS in AWS, timers in this process locally. */
export interface DeliveryQueue {
  /** Hands `message` to the sender after `delaySeconds` (or sooner: the sender checks `not_before`). */
  send(message: DeliveryMessage, delaySeconds: number): Promise<void>;
}

/** The longest delay SQS gives one message (15 minutes); longer waits hop through the queue. */
export const maxQueueDelaySeconds = 900;

/**
 * The SQS queue the sender Lambda drains. Delays are whole seconds, rounded up (a message never
 * arrives before it is due) and capped at {@link maxQueueDelaySeconds}.
 * @example await createSqsDeliveryQueue(config().WEBHOOK_QUEUE_URL).send(message, 300);
 */
export function createSqsDeliveryQueue(queueUrl: string, client: SQSClient = new SQSClient({ region: config().AWS_REGION })): DeliveryQueue {
  return {
    async send(message, delaySeconds) {
      const delay = Math.min(maxQueueDelaySeconds, Math.max(0, Math.ceil(delaySeconds)));
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds: delay }));
    },
  };
}

/** The in-process queue of `npm start` and the tests, with a way to drop what is still waiting. */
export interface LocalDeliveryQueue extends DeliveryQueue {
  /** Cancels every attempt still waiting (the local server closes). */
  clear(): void;
}

/**
 * Runs each attempt in this process after its delay (a timer that does not keep the process
 * alive); `deliver` failures are logged, as SQS would leave them to its dead-letter queue.
 * @example createLocalDeliveryQueue(attemptDelivery)
 */
export function createLocalDeliveryQueue(deliver: (message: DeliveryMessage) => Promise<void>): LocalDeliveryQueue {
  const waiting = new Set<NodeJS.Timeout>();
  return {
    async send(message, delaySeconds) {
      const timer = setTimeout(() => {
        waiting.delete(timer);
        deliver(message).catch((error: unknown) => logger.error('webhook delivery attempt failed', { error, event_id: message.event_id, endpoint_id: message.endpoint_id, attempt: message.attempt }));
      }, Math.max(0, delaySeconds * 1000));
      timer.unref();
      waiting.add(timer);
    },
    clear() {
      for (const timer of waiting) clearTimeout(timer);
      waiting.clear();
    },
  };
}

let current: DeliveryQueue | undefined;
let local: LocalDeliveryQueue | undefined;

/**
 * The queue of this container: SQS when `WEBHOOK_QUEUE_URL` is set (one client per container),
 * otherwise the in-process queue, which makes attempts with `attemptDelivery` directly.
 */
export function deliveryQueue(): DeliveryQueue {
  if (current) return current;
  const queueUrl = config().WEBHOOK_QUEUE_URL;
  if (queueUrl) {
    current = createSqsDeliveryQueue(queueUrl);
  } else {
    local = createLocalDeliveryQueue(async (message) => (await import('./sender')).attemptDelivery(message));
    current = local;
  }
  return current;
}

/** Replaces the queue (tests), or forgets it with `undefined` so the next use reads the configuration again. */
export function useDeliveryQueue(queue: DeliveryQueue | undefined): void {
  local?.clear();
  local = undefined;
  current = queue;
}
