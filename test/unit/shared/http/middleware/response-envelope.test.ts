import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../../../../shared/http/chain';
import { page } from '../../../../../shared/http/envelope';
import { NotFoundError } from '../../../../../shared/http/errors';
import { defineRoute } from '../../../../../shared/http/route';
import { errorEnvelope, httpEvent, jsonEvent, jsonHeaders, lambdaContext, parseResponse } from '../../../../support/api-gateway-events';
import { bearer, signToken } from '../../../../support/credentials';
import { restoreTestEnvironment, useTestEnvironment } from '../../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);

const thing = z.object({ id: z.string(), name: z.string() });

const getRoute = defineRoute({ method: 'GET', path: '/v1/things/one', tag: 'Test', summary: 'One thing', table: 'read', response: thing });
const listRoute = defineRoute({ method: 'GET', path: '/v1/things', tag: 'Test', summary: 'Things', table: 'read', response: thing, paginated: true });
const createRoute = defineRoute({ method: 'POST', path: '/v1/things', tag: 'Test', summary: 'Create', table: 'write', successStatus: 201, body: z.strictObject({ name: z.string() }), response: thing });
const v0Route = defineRoute({ method: 'POST', path: '/v0/things', tag: 'Test', summary: 'Create (v0)', table: 'write', envelope: 'v0', successStatus: 201, body: z.strictObject({ name: z.string() }), response: thing });

/** What the handlers answer next; a test sets it before calling. */
let answer: unknown;
const getOne = createHandler(getRoute, async () => answer);
const list = createHandler(listRoute, async () => answer);
const create = createHandler(createRoute, async ({ body }) => ({ id: 'thing-1', name: body.name }));
const createV0 = createHandler(v0Route, async ({ body }) => {
  if (body.name === 'missing') throw new NotFoundError('Thing');
  return { id: 'thing-1', name: body.name };
});

let token = '';
const get = async (handler: typeof getOne) => parseResponse(await handler(httpEvent({ headers: bearer(token) }), lambdaContext()));

const internalError = { statusCode: 500, headers: jsonHeaders(), body: errorEnvelope('INTERNAL_ERROR', 'An internal error occurred') };

beforeEach(async () => {
  useTestEnvironment();
  token = await signToken();
  answer = undefined;
});

afterEach(() => {
  ddb.reset();
  restoreTestEnvironment();
});

describe('Middleware: responseEnvelope', () => {
  describe('v1 envelope', () => {
    it('wraps plain data as {success: true, data} with 200', async () => {
      answer = { id: 'thing-1', name: 'One' };
      expect(await get(getOne)).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { id: 'thing-1', name: 'One' } } });
    });

    it('wraps a page(items, meta) as {success: true, data, meta: {total, offset, limit}}', async () => {
      answer = page([{ id: 'thing-3', name: 'Three' }], { total: 7, offset: 2, limit: 1 });
      expect(await get(list)).toEqual({
        statusCode: 200,
        headers: jsonHeaders(),
        body: { success: true, data: [{ id: 'thing-3', name: 'Three' }], meta: { total: 7, offset: 2, limit: 1 } },
      });
    });

    it('does not mistake plain data with items and meta fields for a page', async () => {
      answer = { items: [], meta: { total: 0, offset: 0, limit: 1 } };
      const response = await get(getOne);
      expect(response).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { items: [], meta: { total: 0, offset: 0, limit: 1 } } } });
    });

    it('answers the route successStatus (201 for a create)', async () => {
      const response = parseResponse(await create(jsonEvent({ name: 'New' }, { path: '/v1/things', headers: bearer(token) }), lambdaContext()));
      expect(response).toEqual({ statusCode: 201, headers: jsonHeaders(), body: { success: true, data: { id: 'thing-1', name: 'New' } } });
    });

    it('answers errors of a 201 route with their own status', async () => {
      const response = parseResponse(await create(jsonEvent({ name: 1 }, { path: '/v1/things', headers: bearer(token) }), lambdaContext()));
      expect(response).toEqual({
        statusCode: 400,
        headers: jsonHeaders(),
        body: errorEnvelope('VALIDATION_ERROR', expect.stringMatching(/^Invalid request: body\.name: /), 'req-test-0001', [{ path: 'body.name', message: expect.any(String) }]),
      });
    });
  });

  describe('v0 envelope', () => {
    it('wraps success as {error: "", data}', async () => {
      const response = parseResponse(await createV0(jsonEvent({ name: 'Old' }, { path: '/v0/things', headers: bearer(token) }), lambdaContext()));
      expect(response).toEqual({ statusCode: 201, headers: jsonHeaders(), body: { error: '', data: { id: 'thing-1', name: 'Old' } } });
    });

    it('wraps a 404 as {error: message, data: null}', async () => {
      const response = parseResponse(await createV0(jsonEvent({ name: 'missing' }, { path: '/v0/things', headers: bearer(token) }), lambdaContext()));
      expect(response).toEqual({ statusCode: 404, headers: jsonHeaders(), body: { error: 'Thing not found', data: null } });
    });

    it('wraps a 401 as {error: message, data: null}', async () => {
      const response = parseResponse(await createV0(jsonEvent({ name: 'Old' }, { path: '/v0/things' }), lambdaContext()));
      expect(response).toEqual({ statusCode: 401, headers: jsonHeaders(), body: { error: 'The Authorization header is missing', data: null } });
    });

    it('wraps a 400 as {error: message, data: null}', async () => {
      const response = parseResponse(await createV0(jsonEvent({ name: 'Old', extra: 1 }, { path: '/v0/things', headers: bearer(token) }), lambdaContext()));
      expect(response).toEqual({ statusCode: 400, headers: jsonHeaders(), body: { error: expect.stringMatching(/^Invalid request: body\.extra: /), data: null } });
    });
  });

  describe('response validation', () => {
    it('answers 500 when VALIDATE_RESPONSES=true and the data breaks the response schema', async () => {
      useTestEnvironment({ VALIDATE_RESPONSES: 'true' });
      answer = { id: 'thing-1', name: 42 };
      const response = await get(getOne);
      expect(response).toEqual(internalError);
      expect(JSON.stringify(response.body)).not.toContain('does not match');
    });

    it('checks each item of a page when VALIDATE_RESPONSES=true', async () => {
      useTestEnvironment({ VALIDATE_RESPONSES: 'true' });
      answer = page([{ id: 'thing-1', name: 'One' }, { id: 2 }], { total: 2, offset: 0, limit: 2 });
      expect(await get(list)).toEqual(internalError);
    });

    it('passes valid data through when VALIDATE_RESPONSES=true', async () => {
      useTestEnvironment({ VALIDATE_RESPONSES: 'true' });
      answer = page([{ id: 'thing-1', name: 'One' }], { total: 1, offset: 0, limit: 100 });
      expect(await get(list)).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: [{ id: 'thing-1', name: 'One' }], meta: { total: 1, offset: 0, limit: 100 } } });
    });

    it('passes data that breaks the schema through when VALIDATE_RESPONSES is off', async () => {
      answer = { id: 'thing-1', name: 42 };
      expect(await get(getOne)).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { id: 'thing-1', name: 42 } } });
    });

    it('passes data that breaks the schema through when VALIDATE_RESPONSES=false', async () => {
      useTestEnvironment({ VALIDATE_RESPONSES: 'false' });
      answer = { id: 'thing-1', name: 42 };
      expect(await get(getOne)).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { id: 'thing-1', name: 42 } } });
    });
  });
});
