import * as z from 'zod/mini';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { createPortalLink } from '../../shared/webhooks/portal-sessions';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/webhooks/portal',
  tag: 'Webhooks',
  summary: 'Get a magic link to the webhook portal',
  description:
    "A magic-link URL to the hosted webhook portal of the caller's team (endpoint management, delivery logs, replay). The link opens one portal session, is valid for 10 minutes, and carries its token in the URL fragment so it never reaches server logs. Requires webhooks on the organization's plan and enabled in its settings (else 403 `FORBIDDEN` saying which) and, for API keys and OAuth tokens, scope `webhooks:write` (else 403 `INSUFFICIENT_SCOPE`).",
  table: 'write',
  scopes: ['webhooks:write'],
  response: z.object({ url: z.string() }),
  errors: [403],
});

export async function getWebhookPortalLink({ principal, event }: HandlerRequest<typeof route>) {
  return createPortalLink(principal.teamId, event.requestContext?.domainName);
}

export const handler = createHandler(route, getWebhookPortalLink);
