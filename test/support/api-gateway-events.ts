import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/** What a test may set on an API Gateway HTTP API (payload format 2.0) event. */
export interface HttpEventOptions {
  method?: string;
  path?: string;
  routeKey?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  pathParameters?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
  /** `requestContext.requestId`; `null` leaves it out (as a hand-built event might). */
  requestId?: string | null;
}

/**
 * An API Gateway HTTP API payload-format-2.0 event, shaped like the ones AWS delivers.
 * @example httpEvent({ method: 'POST', path: '/v1/things', headers: { authorization: 'Bearer x' }, body: '{}' })
 */
export function httpEvent(options: HttpEventOptions = {}): APIGatewayProxyEventV2 {
  const method = options.method ?? 'GET';
  const path = options.path ?? '/v1/test';
  const query = options.query;
  const rawQueryString = query ? new URLSearchParams(query).toString() : '';
  const requestId = options.requestId === undefined ? 'req-test-0001' : options.requestId;
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: options.routeKey ?? `${method} ${path}`,
    rawPath: path,
    rawQueryString,
    headers: { host: 'api.example.test', 'user-agent': 'vitest', ...options.headers },
    requestContext: {
      accountId: '123456789012',
      apiId: 'api-test',
      domainName: 'api.example.test',
      domainPrefix: 'api',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 'vitest' },
      requestId: requestId ?? '',
      routeKey: options.routeKey ?? `${method} ${path}`,
      stage: '$default',
      time: '21/Nov/2026:09:30:00 +0000',
      timeEpoch: 1795253400000,
    },
    isBase64Encoded: options.isBase64Encoded ?? false,
  };
  if (query) event.queryStringParameters = query;
  if (options.pathParameters) event.pathParameters = options.pathParameters;
  if (options.body !== undefined) event.body = options.body;
  if (requestId === null) delete (event.requestContext as Partial<APIGatewayProxyEventV2['requestContext']>).requestId;
  return event;
}

/** A JSON request event: method, path, body serialised, `content-type: application/json`. */
export function jsonEvent(body: unknown, options: HttpEventOptions = {}): APIGatewayProxyEventV2 {
  return httpEvent({ method: 'POST', ...options, headers: { 'content-type': 'application/json', ...options.headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

/** A Lambda context as the runtime passes it. */
export function lambdaContext(overrides: Partial<Context> = {}): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'recruiting-api-test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:recruiting-api-test',
    memoryLimitInMB: '256',
    awsRequestId: 'aws-request-0001',
    logGroupName: '/aws/lambda/recruiting-api-test',
    logStreamName: '2026/11/21/[$LATEST]0000',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
    ...overrides,
  };
}

/** A handler answer with its JSON body parsed, so one `toEqual` checks status, headers and envelope. */
export interface ParsedResponse {
  statusCode: number | undefined;
  headers: Record<string, unknown> | undefined;
  body: unknown;
}

/** Parses the body of a handler answer (JSON) for a whole-response assertion. */
export function parseResponse(result: APIGatewayProxyStructuredResultV2): ParsedResponse {
  return {
    statusCode: result.statusCode,
    headers: result.headers as Record<string, unknown> | undefined,
    body: typeof result.body === 'string' ? JSON.parse(result.body) : result.body,
  };
}

/** The headers of every JSON answer of the chain for the given request id. */
export function jsonHeaders(requestId = 'req-test-0001', extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, ...extra };
}

/** The `/v1` error envelope. */
export function errorEnvelope(code: string, message: unknown, requestId = 'req-test-0001', details?: unknown) {
  return { success: false, error: { code, message, request_id: requestId, ...(details === undefined ? {} : { details }) } };
}
