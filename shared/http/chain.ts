import { bearerAuth } from './middleware/bearer-auth';
import { buildChain } from './chain-core';
import { requireScopes } from './middleware/require-scopes';
import type { RouteSpec } from './route';
import type { ApiHandler, RouteWork } from './chain-core';

export type { ApiHandler, HandlerRequest, RouteWork } from './chain-core';

/**
 * Wraps the work of an authenticated route in the shared middy chain, in this order: request id
 * and access log, response envelope and error mapping, JSON body, bearer authentication, scopes,
 * validation.
 * @example export const handler = createHandler(route, listDealStatuses)
 */
export function createHandler<S extends RouteSpec>(route: S, work: RouteWork<S>): ApiHandler {
  if (route.auth === 'none') throw new Error(`${route.method} ${route.path} is public: build it with createPublicHandler`);
  if (route.auth === 'portal') throw new Error(`${route.method} ${route.path} is a webhook portal route: build it with createPortalHandler`);
  return buildChain(route, work, [bearerAuth(), requireScopes(route.scopes ?? [])]);
}
