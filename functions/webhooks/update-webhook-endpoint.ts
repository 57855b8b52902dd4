import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { idParams } from '../../shared/domain/schemas';
import { endpointSchema, updateEndpointBody, updatePortalEndpoint } from '../../shared/webhooks/portal-endpoints';

export const route = defineRoute({
  method: 'PATCH',
  path: '/portal/api/endpoints/{id}',
  tag: 'Webhook portal',
  summary: 'Update a webhook endpoint',
  description:
    'Changes the fields given (same rules as create). `disabled: true` stops deliveries (reason `manual`); `disabled: false` re-enables it and clears `disabled_reason` and `failing_since`, also for an endpoint disabled for failing.',
  auth: 'portal',
  table: 'write',
  params: idParams,
  body: updateEndpointBody,
  response: endpointSchema,
  errors: [404, 409],
});

export async function updateWebhookEndpoint({ principal, params, body }: HandlerRequest<typeof route>) {
  return updatePortalEndpoint(principal.teamId, params.id, body);
}

export const handler = createPortalHandler(route, updateWebhookEndpoint);
