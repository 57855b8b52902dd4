import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { idParams } from '../../shared/domain/schemas';
import { readPortalEndpointSecret, secretSchema } from '../../shared/webhooks/portal-endpoints';

export const route = defineRoute({
  method: 'GET',
  path: '/portal/api/endpoints/{id}/secret',
  tag: 'Webhook portal',
  summary: "Reveal an endpoint's signing secret",
  description: 'The `whsec_…` secret the endpoint verifies `webhook-signature` with (Standard Webhooks).',
  auth: 'portal',
  table: 'read',
  params: idParams,
  response: secretSchema,
  errors: [404],
});

export async function getWebhookEndpointSecret({ principal, params }: HandlerRequest<typeof route>) {
  return readPortalEndpointSecret(principal.teamId, params.id);
}

export const handler = createPortalHandler(route, getWebhookEndpointSecret);
