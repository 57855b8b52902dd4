import * as z from 'zod/mini';
import { createPortalHandler } from '../../shared/http/portal-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { idParams, timestampOrDate } from '../../shared/domain/schemas';
import { redeliverFailedSince } from '../../shared/webhooks/deliveries';

export const route = defineRoute({
  method: 'POST',
  path: '/portal/api/endpoints/{id}/replay-failed',
  tag: 'Webhook portal',
  summary: 'Replay failed messages since a time',
  description:
    "Sends again every message of the endpoint whose delivery failed and whose event happened at or after `since` (ISO 8601 date-time, or a date meaning midnight UTC). Answers how many were sent again; messages being delivered at that moment are skipped. Messages are kept 30 days.",
  auth: 'portal',
  table: 'write',
  params: idParams,
  body: z.strictObject({ since: timestampOrDate() }),
  response: z.object({ endpoint_id: z.string(), since: z.string(), replayed: z.number() }),
  errors: [404],
});

export async function replayFailedWebhookMessages({ principal, params, body }: HandlerRequest<typeof route>) {
  const replayed = await redeliverFailedSince(principal.teamId, params.id, body.since);
  return { endpoint_id: params.id, since: body.since, replayed };
}

export const handler = createPortalHandler(route, replayFailedWebhookMessages);
