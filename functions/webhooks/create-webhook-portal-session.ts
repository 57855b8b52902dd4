import * as z from 'zod/mini';
import { createPublicHandler } from '../../shared/http/public-chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';
import { openPortalSession } from '../../shared/webhooks/portal-sessions';

export const route = defineRoute({
  method: 'POST',
  path: '/portal/api/session',
  tag: 'Webhook portal',
  summary: 'Open a portal session with a magic link',
  description:
    'Spends the token of a magic link from `GET /v1/webhooks/portal` (each link works once) and answers a portal session token, valid for one hour, that every other `/portal/api` route takes as `Authorization: Bearer <session_token>`. An unknown, used, expired or altered token answers 401; a team whose webhooks were turned off since, 403.',
  auth: 'none',
  table: 'write',
  body: z.strictObject({ token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  response: z.object({ session_token: z.string(), expires_at: z.string(), team_name: z.string() }),
  successStatus: 201,
  errors: [401, 403],
});

export async function createWebhookPortalSession({ body }: HandlerRequest<typeof route>) {
  return openPortalSession(body.token);
}

export const handler = createPublicHandler(route, createWebhookPortalSession);
