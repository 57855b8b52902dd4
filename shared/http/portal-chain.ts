import { buildChain } from './chain-core';
import type { ApiHandler, RouteWork } from './chain-core';
import { portalAuth } from './middleware/portal-auth';
import type { RouteSpec } from './route';

/**
 * Wraps a webhook portal API route (`auth: 'portal'`) in the shared chain with portal-session
 * authentication instead of bearer credentials, so its bundle carries no JWT code and an API key
 * can never reach it.
 * @example export const handler = createPortalHandler(route, listWebhookEndpoints)
 */
export function createPortalHandler<S extends RouteSpec>(route: S, work: RouteWork<S>): ApiHandler {
  if (route.auth !== 'portal') throw new Error(`${route.method} ${route.path} is not a portal route: declare auth: 'portal' or build it with createHandler`);
  return buildChain(route, work, [portalAuth()]);
}
