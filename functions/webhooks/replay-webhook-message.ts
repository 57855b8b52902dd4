import * as z from 'zod/mini';
import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { uuid } from '../../shared/domain/schemas';
import { redeliver } from '../../shared/webhooks/deliveries';

export const route = defineRoute({
  method: 'POST',
  path: '/portal/api/messages/{event_id}/replay',
  tag: 'Webhook portal',
  summary: 'Replay a message to an endpoint',
  description:
    'Sends the message to `endpoint_id` again now, as a new attempt (trigger `replay`) with the same `webhook-id` and payload. 404 when the team has no such message for that endpoint; 409 while an attempt of it is being made.',
  auth: 'portal',
  table: 'write',
  params: z.strictObject({ event_id: uuid() }),
  body: z.strictObject({ endpoint_id: uuid() }),
  response: z.object({ event_id: z.string(), endpoint_id: z.string(), replayed: z.literal(true) }),
  errors: [404, 409],
});

export async function replayWebhookMessage({ principal, params, body }: HandlerRequest<typeof route>) {
  await redeliver(principal.teamId, params.event_id, body.endpoint_id);
  return { event_id: params.event_id, endpoint_id: body.endpoint_id, replayed: true as const };
}

export const handler = createPortalHandler(route, replayWebhookMessage);
