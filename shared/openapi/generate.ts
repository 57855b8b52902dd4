import * as z from 'zod/mini';
import type { RouteSpec } from '../http/route';

type JsonSchema = Record<string, unknown>;

const errorCodesByStatus: Record<number, { description: string; codes: string[] }> = {
  400: { description: 'Validation error: bad path, query or body, malformed JSON, unknown body field', codes: ['VALIDATION_ERROR'] },
  401: { description: 'Missing, malformed, unknown, expired or revoked credential', codes: ['UNAUTHORIZED'] },
  403: { description: 'Missing scope, or the plan or organization setting is not met', codes: ['INSUFFICIENT_SCOPE', 'FORBIDDEN'] },
  404: { description: 'Missing record, a record of another team, or unknown route', codes: ['NOT_FOUND'] },
  409: { description: 'Duplicate, protected record, or a concurrent update that lost', codes: ['CONFLICT', 'AMBIGUOUS_MATCH'] },
  413: { description: 'Request body too large', codes: ['PAYLOAD_TOO_LARGE'] },
  415: { description: 'The request body is not JSON', codes: ['UNSUPPORTED_MEDIA_TYPE'] },
  500: { description: 'Internal error (no internals are disclosed)', codes: ['INTERNAL_ERROR'] },
  503: { description: 'Database throttled or unreachable; retry after the `Retry-After` header', codes: ['SERVICE_UNAVAILABLE'] },
};

/** JSON Schema of a zod schema, as OpenAPI 3.1 embeds it (no `$schema` keyword inside). */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodMiniType | undefined, location: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const objectSchema = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema & { description?: string }>; required?: string[] };
  return Object.entries(objectSchema.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (objectSchema.required ?? []).includes(name),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

function successSchema(route: RouteSpec): JsonSchema {
  const data = route.response ? jsonSchema(route.paginated ? z.array(route.response) : route.response, 'output') : {};
  if (route.envelope === 'raw') return data;
  if (route.envelope === 'v0') return { type: 'object', required: ['error', 'data'], properties: { error: { type: 'string', const: '' }, data } };
  return {
    type: 'object',
    required: route.paginated ? ['success', 'data', 'meta'] : ['success', 'data'],
    properties: { success: { const: true }, data, ...(route.paginated ? { meta: { $ref: '#/components/schemas/PageMeta' } } : {}) },
  };
}

function operation(name: string, route: RouteSpec): JsonSchema {
  const authenticated = route.auth !== 'none';
  const statuses = new Set<number>([400, 500, 503, ...(authenticated ? [401] : []), ...(route.scopes?.length ? [403] : []), ...(route.body ? [413, 415] : []), ...(route.errors ?? [])]);
  const errorResponses = Object.fromEntries(
    [...statuses].sort().map((status) => [String(status), route.envelope === 'v0' ? { $ref: '#/components/responses/V0Error' } : { $ref: `#/components/responses/Error${status}` }]),
  );
  const contentType = route.envelope === 'raw' && route.contentType ? route.contentType.split(';')[0] as string : 'application/json';
  return {
    operationId: name.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase()),
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: route.auth === 'portal' ? [{ portalSession: [] }] : authenticated ? [{ bearerAuth: [] }] : [],
    ...(route.scopes?.length ? { 'x-required-scopes': [...route.scopes] } : {}),
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } } : {}),
    responses: {
      [String(route.successStatus ?? 200)]: { description: route.successStatus === 201 ? 'Created' : 'OK', content: { [contentType]: { schema: successSchema(route) } } },
      ...errorResponses,
    },
  };
}

/**
 * The OpenAPI 3.1 document of a set of routes, generated from the same zod schemas that validate
 * requests, so the document cannot disagree with the service.
 * @example buildOpenApiDocument((await loadRoutes()).map(({ name, route }) => ({ name, route })))
 */
export function buildOpenApiDocument(routes: { name: string; route: RouteSpec }[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { name, route } of routes) {
    if (route.path === '$default' || route.method === 'ANY') continue;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(name, route);
  }
  const errorEnvelope = { $ref: '#/components/schemas/ErrorEnvelope' };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Recruiting API',
      version: '1.0.0',
      description:
        'Recruiting and applicant-tracking API: persons, candidates, jobs, companies, client contacts, deals, lists, tasks, activities, automations, custom fields and webhooks. Every `/v1` answer uses the envelope `{success, data, meta?}` or `{success: false, error: {code, message, request_id, details?}}`; every response carries `x-request-id`. Pagination: `offset` ≥ 0 (default 0), `limit` 1–100 (default 100); `meta.total` counts all matches. Request bodies are strict: an unknown field is a 400.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map(({ route }) => route.tag))].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An API key (`rk_<key id>_<secret>`), a session JWT or an OAuth JWT. Scopes: deals:read, deals:write, compensation:read, webhooks:write; session tokens hold every scope.',
        },
        portalSession: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A webhook portal session token (`wps_…`), answered by `POST /portal/api/session` for a magic link of `GET /v1/webhooks/portal`; valid for one hour and for that team only. The only credential the `/portal/api` routes accept (API keys and JWTs answer 401).',
        },
      },
      schemas: {
        PageMeta: { type: 'object', required: ['total', 'offset', 'limit'], properties: { total: { type: 'integer' }, offset: { type: 'integer' }, limit: { type: 'integer' } } },
        ErrorEnvelope: {
          type: 'object',
          required: ['success', 'error'],
          properties: {
            success: { const: false },
            error: {
              type: 'object',
              required: ['code', 'message', 'request_id'],
              properties: {
                code: { type: 'string', enum: [...new Set(Object.values(errorCodesByStatus).flatMap((entry) => entry.codes)), 'RATE_LIMITED'] },
                message: { type: 'string' },
                request_id: { type: 'string' },
                details: { type: 'array', items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } } },
              },
            },
          },
        },
      },
      responses: {
        ...Object.fromEntries(
          Object.entries(errorCodesByStatus).map(([status, { description, codes }]) => [
            `Error${status}`,
            { description: `${description} (${codes.join(', ')})`, content: { 'application/json': { schema: errorEnvelope } } },
          ]),
        ),
        V0Error: {
          description: 'Error of a /v0 endpoint: `{error: "<message>", data: null}`',
          content: { 'application/json': { schema: { type: 'object', required: ['error', 'data'], properties: { error: { type: 'string' }, data: { type: 'null' } } } } },
        },
      },
    },
  };
}
