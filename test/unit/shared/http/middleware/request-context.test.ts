import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../../../../shared/http/chain';
import { defineRoute } from '../../../../../shared/http/route';
import { errorEnvelope, httpEvent, jsonHeaders, lambdaContext, parseResponse } from '../../../../support/api-gateway-events';
import { bearer, signToken } from '../../../../support/credentials';
import { restoreTestEnvironment, useTestEnvironment } from '../../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);

const route = defineRoute({ method: 'GET', path: '/v1/test', tag: 'Test', summary: 'Echo', table: 'read' });

let seen: { requestId: string; headers: Record<string, string | undefined> }[] = [];
const handler = createHandler(route, async ({ requestId, event }) => {
  seen.push({ requestId, headers: { ...event.headers } });
  if (event.headers['x-fail'] === 'yes') throw new Error('boom');
  return 'ok';
});

let token = '';

beforeEach(async () => {
  useTestEnvironment();
  token = await signToken();
  seen = [];
});

afterEach(() => {
  ddb.reset();
  restoreTestEnvironment();
});

describe('Middleware: requestContext', () => {
  it('stamps x-request-id from requestContext.requestId on a success and hands it to the handler', async () => {
    const response = parseResponse(await handler(httpEvent({ requestId: 'apigw-abc-123', headers: bearer(token) }), lambdaContext()));
    expect(response).toEqual({ statusCode: 200, headers: jsonHeaders('apigw-abc-123'), body: { success: true, data: 'ok' } });
    expect(seen.map((call) => call.requestId)).toEqual(['apigw-abc-123']);
  });

  it('repeats the request id in error.request_id on a 4xx', async () => {
    const response = parseResponse(await handler(httpEvent({ requestId: 'apigw-abc-124' }), lambdaContext()));
    expect(response).toEqual({ statusCode: 401, headers: jsonHeaders('apigw-abc-124'), body: errorEnvelope('UNAUTHORIZED', 'The Authorization header is missing', 'apigw-abc-124') });
  });

  it('repeats the request id in error.request_id on a 500', async () => {
    const response = parseResponse(await handler(httpEvent({ requestId: 'apigw-abc-125', headers: { ...bearer(token), 'x-fail': 'yes' } }), lambdaContext()));
    expect(response).toEqual({ statusCode: 500, headers: jsonHeaders('apigw-abc-125'), body: errorEnvelope('INTERNAL_ERROR', 'An internal error occurred', 'apigw-abc-125') });
  });

  it('falls back to the Lambda awsRequestId when the event carries no request id', async () => {
    const response = parseResponse(await handler(httpEvent({ requestId: null }), lambdaContext({ awsRequestId: 'lambda-req-9' })));
    expect(response).toEqual({ statusCode: 401, headers: jsonHeaders('lambda-req-9'), body: errorEnvelope('UNAUTHORIZED', 'The Authorization header is missing', 'lambda-req-9') });
  });

  it('makes up a UUID when neither the event nor the context has an id, and uses it in header and body alike', async () => {
    const response = parseResponse(await handler(httpEvent({ requestId: null }), lambdaContext({ awsRequestId: '' })));
    const id = (response.headers as Record<string, string>)['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(response).toEqual({ statusCode: 401, headers: jsonHeaders(id), body: errorEnvelope('UNAUTHORIZED', 'The Authorization header is missing', id) });
  });

  it('lower-cases header names before the other middlewares read them', async () => {
    const response = parseResponse(await handler(httpEvent({ headers: { Authorization: `Bearer ${token}`, 'X-Custom-Header': 'v' } }), lambdaContext()));
    expect(response).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: 'ok' } });
    expect(seen[0]?.headers).toMatchObject({ authorization: `Bearer ${token}`, 'x-custom-header': 'v' });
    expect(Object.keys(seen[0]?.headers ?? {}).filter((name) => name !== name.toLowerCase())).toEqual([]);
  });

  it('handles an event without headers', async () => {
    const event = httpEvent();
    delete (event as { headers?: unknown }).headers;
    const response = parseResponse(await handler(event, lambdaContext()));
    expect(response).toEqual({ statusCode: 401, headers: jsonHeaders(), body: errorEnvelope('UNAUTHORIZED', 'The Authorization header is missing') });
  });
});
