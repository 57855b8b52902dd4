import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../../../../shared/http/chain';
import { defineRoute } from '../../../../../shared/http/route';
import { errorEnvelope, httpEvent, jsonHeaders, lambdaContext, parseResponse } from '../../../../support/api-gateway-events';
import type { HttpEventOptions } from '../../../../support/api-gateway-events';
import { bearer, signToken } from '../../../../support/credentials';
import { restoreTestEnvironment, useTestEnvironment } from '../../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);

/** 16 bytes of JSON: the largest body the small route accepts. */
const sixteenBytes = '{"name":"abcde"}';
const maxBodyBytes = Buffer.byteLength(sixteenBytes);

const createRoute = defineRoute({
  method: 'POST',
  path: '/v1/things',
  tag: 'Test',
  summary: 'Create a thing',
  table: 'write',
  successStatus: 201,
  body: z.strictObject({ name: z.string() }),
  maxBodyBytes,
});
const noBodyRoute = defineRoute({ method: 'GET', path: '/v1/things', tag: 'Test', summary: 'List things', table: 'read' });

let bodies: unknown[] = [];
const create = createHandler(createRoute, async ({ body }) => {
  bodies.push(body);
  return body;
});
const list = createHandler(noBodyRoute, async ({ body }) => {
  bodies.push(body);
  return [];
});

let token = '';
const post = async (body: string, headers: Record<string, string>, options: HttpEventOptions = {}) =>
  parseResponse(await create(httpEvent({ method: 'POST', path: '/v1/things', body, ...options, headers: { ...bearer(token), ...headers } }), lambdaContext()));

const created = (data: unknown) => ({ statusCode: 201, headers: jsonHeaders(), body: { success: true, data } });
const unsupported = {
  statusCode: 415,
  headers: jsonHeaders(),
  body: errorEnvelope('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json)'),
};
const tooLarge = { statusCode: 413, headers: jsonHeaders(), body: errorEnvelope('PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBodyBytes} bytes`) };

beforeEach(async () => {
  useTestEnvironment();
  token = await signToken();
  bodies = [];
});

afterEach(() => {
  ddb.reset();
  restoreTestEnvironment();
});

describe('Middleware: jsonBody', () => {
  it('parses a JSON body for the handler', async () => {
    expect(await post('{"name":"a"}', { 'content-type': 'application/json' })).toEqual(created({ name: 'a' }));
    expect(bodies).toEqual([{ name: 'a' }]);
  });

  it('returns 400 VALIDATION_ERROR for malformed JSON', async () => {
    expect(await post('{"name":', { 'content-type': 'application/json' })).toEqual({
      statusCode: 400,
      headers: jsonHeaders(),
      body: errorEnvelope('VALIDATION_ERROR', 'The request body is not valid JSON', 'req-test-0001', [{ path: 'body', message: 'Malformed JSON' }]),
    });
    expect(bodies).toEqual([]);
  });

  it('returns 415 UNSUPPORTED_MEDIA_TYPE for a body that is not JSON', async () => {
    expect(await post('name=a', { 'content-type': 'application/x-www-form-urlencoded' })).toEqual(unsupported);
    expect(await post('name: a', { 'content-type': 'text/plain' })).toEqual(unsupported);
    expect(bodies).toEqual([]);
  });

  it('returns 415 for a body without a Content-Type', async () => {
    expect(await post('{"name":"a"}', {})).toEqual(unsupported);
  });

  it('accepts application/json; charset=utf-8', async () => {
    expect(await post('{"name":"a"}', { 'content-type': 'application/json; charset=utf-8' })).toEqual(created({ name: 'a' }));
  });

  it('accepts the media type in any case and the header name in any case', async () => {
    expect(await post('{"name":"a"}', { 'Content-Type': 'Application/JSON; Charset=UTF-8' })).toEqual(created({ name: 'a' }));
  });

  it('accepts a +json structured syntax suffix', async () => {
    expect(await post('{"name":"a"}', { 'content-type': 'application/merge-patch+json' })).toEqual(created({ name: 'a' }));
  });

  // RFC 9110 allows whitespace before media-type parameters; middy's stricter pattern must not refuse it.
  it('accepts application/json with whitespace before its parameters (application/json ; charset=utf-8)', async () => {
    expect(await post('{"name":"a"}', { 'content-type': 'application/json ; charset=utf-8' })).toEqual(created({ name: 'a' }));
  });

  it('accepts a base64-encoded JSON body (isBase64Encoded)', async () => {
    const body = Buffer.from('{"name":"é"}').toString('base64');
    expect(await post(body, { 'content-type': 'application/json' }, { isBase64Encoded: true })).toEqual(created({ name: 'é' }));
  });

  it('accepts a body of exactly maxBodyBytes', async () => {
    expect(await post(sixteenBytes, { 'content-type': 'application/json' })).toEqual(created({ name: 'abcde' }));
  });

  it('returns 413 PAYLOAD_TOO_LARGE for a body over maxBodyBytes', async () => {
    expect(await post('{"name":"abcdef"}', { 'content-type': 'application/json' })).toEqual(tooLarge);
    expect(bodies).toEqual([]);
  });

  it('measures the limit in bytes, not characters', async () => {
    const body = '{"name":"éééé"}';
    expect([body.length, Buffer.byteLength(body)]).toEqual([15, 19]);
    expect(await post(body, { 'content-type': 'application/json' })).toEqual(tooLarge);
  });

  it('returns 413 before judging the media type', async () => {
    expect(await post('x'.repeat(maxBodyBytes + 1), { 'content-type': 'text/plain' })).toEqual(tooLarge);
  });

  it('returns 413 for a base64-encoded body whose decoded size is over maxBodyBytes', async () => {
    const body = Buffer.from('{"name":"abcdefgh"}').toString('base64');
    expect(await post(body, { 'content-type': 'application/json' }, { isBase64Encoded: true })).toEqual(tooLarge);
  });

  // The size limit applies to the decoded body: base64 padding must not count against it.
  it('accepts a base64-encoded body of exactly maxBodyBytes', async () => {
    const body = Buffer.from(sixteenBytes).toString('base64');
    expect(body.endsWith('==')).toBe(true);
    expect(await post(body, { 'content-type': 'application/json' }, { isBase64Encoded: true })).toEqual(created({ name: 'abcde' }));
  });

  it('ignores a body sent to a route that takes none', async () => {
    const response = parseResponse(await list(httpEvent({ path: '/v1/things', headers: { ...bearer(token), 'content-type': 'text/plain' }, body: 'hello' }), lambdaContext()));
    expect(response).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: [] } });
    expect(bodies).toEqual([undefined]);
  });

  it('leaves an empty body for the schema to judge (400 on a required body)', async () => {
    expect(await post('', { 'content-type': 'application/json' })).toEqual({
      statusCode: 400,
      headers: jsonHeaders(),
      body: errorEnvelope('VALIDATION_ERROR', expect.stringMatching(/^Invalid request: body: /), 'req-test-0001', [{ path: 'body', message: expect.any(String) }]),
    });
  });

  it('judges the body before the credential (a malformed body from an anonymous caller is 400)', async () => {
    const response = parseResponse(await create(httpEvent({ method: 'POST', path: '/v1/things', headers: { 'content-type': 'application/json' }, body: '{' }), lambdaContext()));
    expect(response).toEqual({
      statusCode: 400,
      headers: jsonHeaders(),
      body: errorEnvelope('VALIDATION_ERROR', 'The request body is not valid JSON', 'req-test-0001', [{ path: 'body', message: 'Malformed JSON' }]),
    });
  });
});
