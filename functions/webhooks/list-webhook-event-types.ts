import * as z from 'zod/mini';
import { eventTypes } from '../../shared/events/event-catalogue';
import { createPortalHandler } from '../../shared/http/portal-chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/portal/api/event-types',
  tag: 'Webhook portal',
  summary: 'List event types',
  description: 'Every event type an endpoint can subscribe to, with what it reports, in catalogue order.',
  auth: 'portal',
  table: 'read',
  response: z.array(z.object({ type: z.string(), description: z.string() })),
});

export async function listWebhookEventTypes() {
  return Object.entries(eventTypes).map(([type, description]) => ({ type, description }));
}

export const handler = createPortalHandler(route, listWebhookEventTypes);
