import * as z from 'zod/mini';
import { forTeam } from '../db/repository';
import type { StoredEvent } from '../events/event-outbox';
import { NotFoundError } from '../http/errors';
import { deliveryPartitions, findEndpoint, readEventCollection } from './webhook-store';
import type { StoredAttempt, StoredDelivery } from './webhook-store';

const deliveryStatus = z.enum(['pending', 'succeeded', 'failed']);

/** One message of an endpoint's log: an event's delivery to it. */
export const messageSchema = z.object({
  event_id: z.string(),
  event_type: z.string(),
  /** When the message was created for this endpoint (right after the event). */
  timestamp: z.string(),
  status: deliveryStatus,
  attempt_count: z.number(),
  last_status_code: z.nullable(z.number()),
  last_attempt_at: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
});
export type Message = z.infer<typeof messageSchema>;

export const attemptSchema = z.object({
  attempt: z.number(),
  trigger: z.enum(['scheduled', 'replay', 'test']),
  attempted_at: z.string(),
  status_code: z.nullable(z.number()),
  response_excerpt: z.string(),
  duration_ms: z.number(),
  error: z.nullable(z.string()),
  succeeded: z.boolean(),
});

/** An event with its payload as sent, and each delivery with its attempts (oldest first). */
export const messageDetailSchema = z.object({
  event_id: z.string(),
  event_type: z.string(),
  timestamp: z.string(),
  /** `{type, timestamp, data}` as every endpoint receives it; null until the event is dispatched. */
  payload: z.nullable(z.unknown()),
  deliveries: z.array(
    z.object({
      endpoint_id: z.string(),
      status: deliveryStatus,
      attempt_count: z.number(),
      last_status_code: z.nullable(z.number()),
      next_attempt_at: z.nullable(z.string()),
      attempts: z.array(attemptSchema),
    }),
  ),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

function renderMessage(delivery: StoredDelivery): Message {
  return {
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    timestamp: delivery.created_at,
    status: delivery.status,
    attempt_count: delivery.attempt_count,
    last_status_code: delivery.last_status_code,
    last_attempt_at: delivery.last_attempt_at,
    next_attempt_at: delivery.next_attempt_at,
  };
}

/**
 * How many deliveries an endpoint has (`Select: COUNT` of GSI2 `WEBHOOK_DELIVERY#<endpointId>`).
 * Deliveries expire with their events (TTL), so a counter item would drift; counting reads the
 * partition (at most 30 days of events).
 */
const countDeliveries = (teamId: string, endpointId: string) => forTeam(teamId).countIndex({ index: 'GSI2', pk: deliveryPartitions.ofEndpoint(endpointId) });

/**
 * `GET /portal/api/endpoints/{id}/messages`: a page of the endpoint's messages, newest first
 * (`Query` of GSI2 `WEBHOOK_DELIVERY#<endpointId>` descending, reading `offset + limit` items),
 * with the partition's count as the total. 404 for an endpoint that is not the team's.
 */
export async function listEndpointMessages(teamId: string, endpointId: string, page: { offset: number; limit: number }): Promise<{ items: Message[]; total: number }> {
  if (!(await findEndpoint(teamId, endpointId))) throw new NotFoundError('Endpoint');
  const [deliveries, total] = await Promise.all([
    forTeam(teamId).queryPage<StoredDelivery>({ index: 'GSI2', pk: deliveryPartitions.ofEndpoint(endpointId), ascending: false, offset: page.offset, limit: page.limit }),
    countDeliveries(teamId, endpointId),
  ]);
  return { items: deliveries.map(renderMessage), total };
}

/** `GET /portal/api/messages/{event_id}`: one `Query` of the event's collection; 404 when it is not the team's. */
export async function readMessage(teamId: string, eventId: string): Promise<MessageDetail> {
  const { event, deliveries, attempts } = await readEventCollection(teamId, eventId);
  if (!event) throw new NotFoundError('Message');
  const stored = event as unknown as StoredEvent;
  return {
    event_id: stored.id,
    event_type: stored.type,
    timestamp: stored.timestamp,
    payload: stored.payload === undefined ? null : (JSON.parse(stored.payload) as unknown),
    deliveries: deliveries.map((delivery) => ({
      endpoint_id: delivery.endpoint_id,
      status: delivery.status,
      attempt_count: delivery.attempt_count,
      last_status_code: delivery.last_status_code,
      next_attempt_at: delivery.next_attempt_at,
      attempts: attempts
        .filter((attempt) => attempt.endpoint_id === delivery.endpoint_id)
        .map((attempt: StoredAttempt) => ({
          attempt: attempt.attempt,
          trigger: attempt.trigger,
          attempted_at: attempt.attempted_at,
          status_code: attempt.status_code,
          response_excerpt: attempt.response_excerpt,
          duration_ms: attempt.duration_ms,
          error: attempt.error,
          succeeded: attempt.succeeded,
        })),
    })),
  };
}
