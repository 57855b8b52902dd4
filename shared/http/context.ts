import type { Context } from 'aws-lambda';
import type { Principal } from '../auth/scopes';
import type { Logger } from '../logging/logger';

/** The Lambda context with what the chain learns about the request on the way in. */
export interface ApiContext extends Context {
  requestId: string;
  logger: Logger;
  startedAt: number;
  principal?: Principal;
  input?: { params: unknown; query: unknown; body: unknown };
}

/** A middleware of the shared chain. */
export type ApiMiddleware = import('@middy/core').MiddlewareObj<
  import('aws-lambda').APIGatewayProxyEventV2,
  import('aws-lambda').APIGatewayProxyStructuredResultV2,
  Error,
  ApiContext
>;

/** What a middleware phase receives. */
export type ApiRequest = import('@middy/core').Request<
  import('aws-lambda').APIGatewayProxyEventV2,
  import('aws-lambda').APIGatewayProxyStructuredResultV2,
  Error,
  ApiContext
>;
