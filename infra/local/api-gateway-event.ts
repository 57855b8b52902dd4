import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/** Media types API Gateway passes as text; any other body arrives base64-encoded. */
const textualContentType = /^(text\/|application\/(json|[\w.+-]*\+json|xml|[\w.+-]*\+xml|x-www-form-urlencoded|javascript))/i;

/**
 * Builds the payload-format-2.0 event API Gateway HTTP API would send for this request: lower-cased
 * headers (repeated ones joined by commas), decoded query parameters (repeated ones joined by
 * commas), path parameters, cookies, and a base64 body when the content is binary.
 */
export function toApiGatewayEvent(request: IncomingMessage, body: Buffer, match: { routeKey: string; pathParameters: Record<string, string> }): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of url.searchParams) queryStringParameters[name] = name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
  const cookies = request.headers.cookie?.split(';').map((cookie) => cookie.trim()).filter(Boolean);
  const contentType = headers['content-type'] ?? '';
  const binary = body.length > 0 && !textualContentType.test(contentType);
  const now = new Date();
  const method = request.method ?? 'GET';
  return {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(url.searchParams.size ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] as string,
      http: { method, path: url.pathname, protocol: `HTTP/${request.httpVersion}`, sourceIp: request.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(),
      routeKey: match.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: binary ? body.toString('base64') : body.toString('utf8') } : {}),
    isBase64Encoded: binary,
  };
}

/** A Lambda context good enough for the chain: ids, names and a generous remaining time. */
export function lambdaContext(functionName: string): Context {
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
