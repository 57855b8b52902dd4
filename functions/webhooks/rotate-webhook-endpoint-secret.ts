import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { idParams } from '../../shared/domain/schemas';
import { rotatePortalEndpointSecret, secretSchema } from '../../shared/webhooks/portal-endpoints';

export const route = defineRoute({
  method: 'POST',
  path: '/portal/api/endpoints/{id}/secret/rotate',
  tag: 'Webhook portal',
  summary: "Rotate an endpoint's signing secret",
  description: 'Replaces the secret with a new one and answers it; every attempt from now on (replays included) is signed with the new secret.',
  auth: 'portal',
  table: 'write',
  params: idParams,
  response: secretSchema,
  errors: [404, 409],
});

export async function rotateWebhookEndpointSecret({ principal, params }: HandlerRequest<typeof route>) {
  return rotatePortalEndpointSecret(principal.teamId, params.id);
}

export const handler = createPortalHandler(route, rotateWebhookEndpointSecret);
