import * as z from 'zod/mini';
import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { endpointSchema, listPortalEndpoints } from '../../shared/webhooks/portal-endpoints';

export const route = defineRoute({
  method: 'GET',
  path: '/portal/api/endpoints',
  tag: 'Webhook portal',
  summary: 'List webhook endpoints',
  description: "The portal session team's endpoints (at most 20), oldest first, without their secrets. `event_types` empty means every type.",
  auth: 'portal',
  table: 'read',
  response: z.array(endpointSchema),
});

export async function listWebhookEndpoints({ principal }: HandlerRequest<typeof route>) {
  return listPortalEndpoints(principal.teamId);
}

export const handler = createPortalHandler(route, listWebhookEndpoints);
