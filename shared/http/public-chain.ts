import { buildChain } from './chain-core';
import type { ApiHandler, RouteWork } from './chain-core';
import type { RouteSpec } from './route';

/**
 * Wraps a public route (`auth: 'none'`: the OpenAPI document, the docs page, the catch-all) in the
 * shared chain without authentication, so its bundle carries neither the AWS SDK nor JWT code.
 * @example export const handler = createPublicHandler(route, getDocsPage)
 */
export function createPublicHandler<S extends RouteSpec>(route: S, work: RouteWork<S>): ApiHandler {
  if (route.auth !== 'none') throw new Error(`${route.method} ${route.path} needs a credential: build it with createHandler`);
  return buildChain(route, work, []);
}
