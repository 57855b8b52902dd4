import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Principal } from '../auth/scopes';
import { config } from '../config/env';
import type { Logger } from '../logging/logger';
import type { PortalPrincipal } from '../webhooks/portal-tokens';
import type { ApiContext, ApiMiddleware } from './context';
import { jsonBody } from './middleware/json-body';
import { requestContext } from './middleware/request-context';
import { responseEnvelope } from './middleware/response-envelope';
import { validateRequest } from './middleware/validate-request';
import type { RouteInput, RouteSpec } from './route';

/** Who called a route of auth kind `A`: a credential's principal, a portal session's, or maybe no one. */
export type CallerOf<A> = A extends 'none' ? Principal | undefined : A extends 'portal' ? PortalPrincipal : Principal;

/** Everything a handler gets: validated input, the caller, and request-scoped tools. */
export type HandlerRequest<S extends RouteSpec> = RouteInput<S> & {
  principal: CallerOf<S['auth']>;
  requestId: string;
  logger: Logger;
  event: APIGatewayProxyEventV2;
};

/** The work of one endpoint: plain data in, plain data out (or a `page(...)`); the chain does HTTP. */
export type RouteWork<S extends RouteSpec> = (request: HandlerRequest<S>) => Promise<unknown>;

/** A Lambda handler for API Gateway HTTP API (payload format 2.0). */
export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The chain every route shares, with the authentication middlewares of its kind in the middle
 * (`chain.ts` bearer, `portal-chain.ts` portal session, `public-chain.ts` none). Kept apart from
 * `chain.ts` so public and portal routes do not bundle JWT code.
 */
export function buildChain<S extends RouteSpec>(route: S, work: RouteWork<S>, authentication: ApiMiddleware[]): ApiHandler {
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(requestContext())
    .use(responseEnvelope(route, { validateResponses: () => config().VALIDATE_RESPONSES }))
    .use(jsonBody(route));
  for (const middleware of authentication) chain.use(middleware);
  chain.use(validateRequest(route));
  const handler = chain.handler(async (event, context) => {
    const input = context.input as RouteInput<S>;
    return (await work({
      ...input,
      principal: (route.auth === 'portal' ? context.portal : context.principal) as HandlerRequest<S>['principal'],
      requestId: context.requestId,
      logger: context.logger,
      event,
    })) as APIGatewayProxyStructuredResultV2;
  });
  return handler as unknown as ApiHandler;
}
