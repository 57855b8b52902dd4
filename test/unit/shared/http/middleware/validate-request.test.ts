import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { idParams, pageQueryShape } from '../../../../../shared/domain/schemas';
import { createHandler } from '../../../../../shared/http/chain';
import type { HandlerRequest } from '../../../../../shared/http/chain';
import { defineRoute } from '../../../../../shared/http/route';
import { errorEnvelope, httpEvent, jsonEvent, jsonHeaders, lambdaContext, parseResponse } from '../../../../support/api-gateway-events';
import { bearer, signToken } from '../../../../support/credentials';
import { restoreTestEnvironment, useTestEnvironment } from '../../../../support/test-environment';

const ddb = mockClient(DynamoDBDocumentClient);

const listRoute = defineRoute({ method: 'GET', path: '/v1/things', tag: 'Test', summary: 'List things', table: 'read', query: z.object(pageQueryShape) });
const updateRoute = defineRoute({
  method: 'PATCH',
  path: '/v1/things/{id}',
  tag: 'Test',
  summary: 'Update a thing',
  table: 'write',
  params: idParams,
  body: z.strictObject({ name: z.string().check(z.minLength(1)), stage_order: z.optional(z.number().check(z.int())) }),
});

let received: unknown[] = [];
const list = createHandler(listRoute, async ({ query }: HandlerRequest<typeof listRoute>) => {
  received.push(query);
  return { query };
});
const update = createHandler(updateRoute, async ({ params, body }: HandlerRequest<typeof updateRoute>) => {
  received.push({ params, body });
  return { id: params.id, ...body };
});

const thingId = '6f1c2a9e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
let token = '';

const listWith = async (query: Record<string, string> | undefined) => parseResponse(await list(httpEvent({ path: '/v1/things', headers: bearer(token), ...(query ? { query } : {}) }), lambdaContext()));
const updateWith = async (body: unknown, id = thingId) =>
  parseResponse(await update(jsonEvent(body, { method: 'PATCH', path: `/v1/things/${id}`, pathParameters: { id }, headers: bearer(token) }), lambdaContext()));

const invalid = (message: unknown, details: { path: string; message: unknown }[]) => ({
  statusCode: 400,
  headers: jsonHeaders(),
  body: errorEnvelope('VALIDATION_ERROR', message, 'req-test-0001', details),
});

beforeEach(async () => {
  useTestEnvironment();
  token = await signToken();
  received = [];
});

afterEach(() => {
  ddb.reset();
  restoreTestEnvironment();
});

describe('Middleware: validateRequest', () => {
  describe('query', () => {
    it('applies the defaults limit 100 and offset 0 when the query is absent', async () => {
      expect(await listWith(undefined)).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { query: { offset: 0, limit: 100 } } } });
      expect(received).toEqual([{ offset: 0, limit: 100 }]);
    });

    it('coerces query strings to numbers', async () => {
      expect(await listWith({ offset: '20', limit: '10' })).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { query: { offset: 20, limit: 10 } } } });
    });

    it('treats an empty value (?limit=) as absent', async () => {
      expect(await listWith({ limit: '' })).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { query: { offset: 0, limit: 100 } } } });
    });

    it.each([
      ['limit=0', { limit: '0' }, 'query.limit'],
      ['limit=101', { limit: '101' }, 'query.limit'],
      ['offset=-1', { offset: '-1' }, 'query.offset'],
      ['limit=abc', { limit: 'abc' }, 'query.limit'],
      ['limit=1.5', { limit: '1.5' }, 'query.limit'],
    ])('returns 400 VALIDATION_ERROR for %s', async (_case, query, path) => {
      const response = await listWith(query);
      expect(response).toEqual(invalid(expect.stringMatching(new RegExp(`^Invalid request: ${path}: .+`)), [{ path, message: expect.any(String) }]));
      expect(received).toEqual([]);
    });

    it('lists every bad query parameter in details', async () => {
      expect(await listWith({ limit: '0', offset: '-1' })).toEqual(
        invalid('Invalid request: 2 problems, see details', [
          { path: 'query.offset', message: expect.any(String) },
          { path: 'query.limit', message: expect.any(String) },
        ]),
      );
    });
  });

  describe('path', () => {
    it('returns 400 with path.id when the path id is not a UUID', async () => {
      expect(await updateWith({ name: 'Lead' }, 'not-a-uuid')).toEqual(invalid(expect.stringMatching(/^Invalid request: path\.id: /), [{ path: 'path.id', message: expect.any(String) }]));
      expect(received).toEqual([]);
    });

    it('hands the parsed path parameters to the handler', async () => {
      expect(await updateWith({ name: 'Lead' })).toEqual({ statusCode: 200, headers: jsonHeaders(), body: { success: true, data: { id: thingId, name: 'Lead' } } });
      expect(received).toEqual([{ params: { id: thingId }, body: { name: 'Lead' } }]);
    });
  });

  describe('body', () => {
    it('returns 400 naming body.<field> for an unknown body field', async () => {
      expect(await updateWith({ name: 'Lead', colour: '#FFFFFF' })).toEqual(invalid(expect.stringMatching(/^Invalid request: body\.colour: /), [{ path: 'body.colour', message: expect.any(String) }]));
      expect(received).toEqual([]);
    });

    it('returns 400 naming the field for a value of the wrong type', async () => {
      expect(await updateWith({ name: 42 })).toEqual(invalid(expect.stringMatching(/^Invalid request: body\.name: /), [{ path: 'body.name', message: expect.stringMatching(/string/) }]));
    });

    it('returns 400 for a missing required field', async () => {
      expect(await updateWith({ stage_order: 2 })).toEqual(invalid(expect.stringMatching(/^Invalid request: body\.name: /), [{ path: 'body.name', message: expect.any(String) }]));
    });

    it('returns 400 with path body when a body is required but absent', async () => {
      const response = parseResponse(await update(httpEvent({ method: 'PATCH', path: `/v1/things/${thingId}`, pathParameters: { id: thingId }, headers: bearer(token) }), lambdaContext()));
      expect(response).toEqual(invalid(expect.stringMatching(/^Invalid request: body: /), [{ path: 'body', message: expect.any(String) }]));
    });

    it('reports path and body problems together', async () => {
      expect(await updateWith({ name: 7, extra: true }, 'nope')).toEqual(
        invalid('Invalid request: 3 problems, see details', [
          { path: 'path.id', message: expect.any(String) },
          { path: 'body.name', message: expect.any(String) },
          { path: 'body.extra', message: expect.any(String) },
        ]),
      );
    });
  });

  it('checks the credential before the input (401 wins over 400)', async () => {
    const response = parseResponse(await list(httpEvent({ path: '/v1/things', query: { limit: '0' } }), lambdaContext()));
    expect(response).toEqual({ statusCode: 401, headers: jsonHeaders(), body: errorEnvelope('UNAUTHORIZED', 'The Authorization header is missing') });
  });
});
