import { randomUUID } from 'node:crypto';
import { logger as rootLogger } from '../../logging/logger';
import type { ApiMiddleware, ApiRequest } from '../context';

/**
 * First in, last out: gives the request an id and a logger, lower-cases header names, and on the
 * way out stamps `x-request-id` on the answer and writes one access log line.
 */
export function requestContext(): ApiMiddleware {
  const requestContextBefore = async (request: ApiRequest) => {
    const { event, context } = request;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = value;
    event.headers = headers;
    context.requestId = event.requestContext?.requestId || context.awsRequestId || randomUUID();
    context.logger = rootLogger.child({ request_id: context.requestId });
    context.startedAt = performance.now();
  };

  const requestContextAfter = async (request: ApiRequest) => {
    const { event, context } = request;
    const response = request.response ?? { statusCode: 500 };
    response.headers = { ...response.headers, 'x-request-id': context.requestId };
    request.response = response;
    // The caller: a credential of the API, or a webhook portal session.
    const caller = context.principal ?? context.portal;
    context.logger.info('request served', {
      method: event.requestContext?.http?.method,
      path: event.rawPath,
      route: event.routeKey,
      status: response.statusCode,
      duration_ms: Math.round((performance.now() - context.startedAt) * 10) / 10,
      credential: caller ? { kind: caller.kind, id: caller.credentialId, team_id: caller.teamId } : undefined,
    });
  };

  return { before: requestContextBefore, after: requestContextAfter, onError: requestContextAfter };
}
