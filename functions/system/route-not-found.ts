import { NotFoundError } from '../../shared/http/errors';
import { createPublicHandler } from '../../shared/http/public-chain';
import type { HandlerRequest } from '../../shared/http/chain-core';
import { defineRoute } from '../../shared/http/route';

/** The catch-all (`$default`): an unknown route answers 404 in the error envelope, not API Gateway's own body. */
export const route = defineRoute({
  method: 'ANY',
  path: '$default',
  tag: 'Documentation',
  summary: 'Unknown route',
  auth: 'none',
  table: 'none',
});

export async function routeNotFound({ event }: HandlerRequest<typeof route>): Promise<never> {
  throw new NotFoundError(`Route ${event.requestContext.http.method} ${event.rawPath}`);
}

export const handler = createPublicHandler(route, routeNotFound);
