import * as z from 'zod/mini';
import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';
import { pageQueryShape, uuid } from '../../shared/domain/schemas';
import { listEndpointMessages, messageSchema } from '../../shared/webhooks/portal-messages';

export const route = defineRoute({
  method: 'GET',
  path: '/portal/api/endpoints/{id}/messages',
  tag: 'Webhook portal',
  summary: "List an endpoint's messages",
  description:
    'The events sent (or being sent) to the endpoint, newest first, each with its delivery `status` (`pending`, `succeeded`, `failed`), `attempt_count` and `last_status_code`. Messages are kept 30 days. `GET /portal/api/messages/{event_id}` shows the attempts.',
  auth: 'portal',
  table: 'read',
  params: z.strictObject({ id: uuid() }),
  query: z.strictObject({ ...pageQueryShape }),
  response: messageSchema,
  paginated: true,
  errors: [404],
});

export async function listWebhookEndpointMessages({ principal, params, query }: HandlerRequest<typeof route>) {
  const { items, total } = await listEndpointMessages(principal.teamId, params.id, query);
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createPortalHandler(route, listWebhookEndpointMessages);
