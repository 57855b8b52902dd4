import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { idParams } from '../../shared/domain/schemas';
import { sendPortalTestEvent, testEventSchema } from '../../shared/webhooks/portal-endpoints';

export const route = defineRoute({
  method: 'POST',
  path: '/portal/api/endpoints/{id}/test',
  tag: 'Webhook portal',
  summary: 'Send a test event to an endpoint',
  description:
    'Records a `webhook.test` event (data `{endpoint_id, message}`) for this endpoint only, whatever its event type filter; it is delivered, retried and logged like any other message. A disabled endpoint answers 409.',
  auth: 'portal',
  table: 'write',
  params: idParams,
  response: testEventSchema,
  successStatus: 201,
  errors: [404, 409],
});

export async function sendWebhookTestEvent({ principal, params }: HandlerRequest<typeof route>) {
  return sendPortalTestEvent(principal.teamId, params.id);
}

export const handler = createPortalHandler(route, sendWebhookTestEvent);
