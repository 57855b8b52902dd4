import * as z from 'zod/mini';
import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { idParams } from '../../shared/domain/schemas';
import { deletePortalEndpoint } from '../../shared/webhooks/portal-endpoints';

export const route = defineRoute({
  method: 'DELETE',
  path: '/portal/api/endpoints/{id}',
  tag: 'Webhook portal',
  summary: 'Delete a webhook endpoint',
  description: 'Marks the endpoint deleted: it receives nothing more and is never listed again.',
  auth: 'portal',
  table: 'write',
  params: idParams,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: [404, 409],
});

export async function deleteWebhookEndpoint({ principal, params }: HandlerRequest<typeof route>) {
  await deletePortalEndpoint(principal.teamId, params.id);
  return { id: params.id, deleted: true as const };
}

export const handler = createPortalHandler(route, deleteWebhookEndpoint);
