import * as z from 'zod/mini';
import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { uuid } from '../../shared/domain/schemas';
import { messageDetailSchema, readMessage } from '../../shared/webhooks/portal-messages';

export const route = defineRoute({
  method: 'GET',
  path: '/portal/api/messages/{event_id}',
  tag: 'Webhook portal',
  summary: 'Get a message with its attempts',
  description:
    "The event's payload as sent (`null` until it is dispatched) and its delivery to each endpoint with every attempt: time, trigger (`scheduled`, `replay`, `test`), status code (`null` for a timeout or connection error, then `error` says which), the first 1,000 characters of the response, and duration.",
  auth: 'portal',
  table: 'read',
  params: z.strictObject({ event_id: uuid() }),
  response: messageDetailSchema,
  errors: [404],
});

export async function getWebhookMessage({ principal, params }: HandlerRequest<typeof route>) {
  return readMessage(principal.teamId, params.event_id);
}

export const handler = createPortalHandler(route, getWebhookMessage);
