import { createPublicHandler } from '../../shared/http/public-chain';
import { defineRoute } from '../../shared/http/route';
import { portalPageHtml } from '../../shared/webhooks/portal-page';

export const route = defineRoute({
  method: 'GET',
  path: '/webhooks/portal',
  tag: 'Webhooks',
  summary: 'Webhook portal page',
  description: 'The portal web page a magic link opens (`/webhooks/portal#token=…`). It exchanges the token for a portal session and uses the `/portal/api` routes. No credential needed to load it.',
  auth: 'none',
  table: 'none',
  envelope: 'raw',
  contentType: 'text/html; charset=utf-8',
});

export async function getWebhookPortalPage() {
  return portalPageHtml;
}

export const handler = createPublicHandler(route, getWebhookPortalPage);
