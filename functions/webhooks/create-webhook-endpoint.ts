import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { createEndpointBody, createPortalEndpoint, endpointSchema } from '../../shared/webhooks/portal-endpoints';

export const route = defineRoute({
  method: 'POST',
  path: '/portal/api/endpoints',
  tag: 'Webhook portal',
  summary: 'Create a webhook endpoint',
  description:
    '`url` must be https (plain http only for localhost or 127.0.0.1, for local testing), without credentials; `description` up to 500 characters; `event_types` names types of `GET /portal/api/event-types` (empty or absent: every type); `disabled` (default false). A new `whsec_` signing secret is made (see `GET …/secret`). A team has at most 20 endpoints (409 beyond).',
  auth: 'portal',
  table: 'write',
  body: createEndpointBody,
  response: endpointSchema,
  successStatus: 201,
  errors: [409],
});

export async function createWebhookEndpoint({ principal, body }: HandlerRequest<typeof route>) {
  return createPortalEndpoint(principal.teamId, body);
}

export const handler = createPortalHandler(route, createWebhookEndpoint);
