import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoutes } from '../../functions/registry';
import type { RegisteredRoute } from '../../functions/registry';
import { startTestApi } from '../support/local-api';
import type { TestApi } from '../support/local-api';

let api: TestApi;
let routes: RegisteredRoute[];
let document: { openapi: string; paths: Record<string, Record<string, Record<string, any>>>; components: Record<string, any> };

beforeAll(async () => {
  api = await startTestApi();
  routes = await loadRoutes();
  document = (await api.request('GET', '/openapi.json', { token: null })).body;
});
afterAll(async () => api.close());

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('lists every route of the registry with its method, and nothing else', async () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const registered = routes.filter(({ route }) => route.path !== '$default').map(({ route }) => `${route.method} ${route.path}`);
    expect(documented.sort()).toEqual(registered.sort());
  });

  it('marks authenticated routes with bearer or portal-session security and public ones with none', () => {
    for (const { route } of routes) {
      if (route.path === '$default') continue;
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      const expected = route.auth === 'none' ? [] : route.auth === 'portal' ? [{ portalSession: [] }] : [{ bearerAuth: [] }];
      expect(operation?.security, `${route.method} ${route.path}`).toEqual(expected);
    }
    expect(routes.some(({ route }) => route.auth === 'portal')).toBe(true);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('documents query bounds and defaults from the validating schemas', () => {
    const parameters = document.paths['/v1/team-members']?.get?.parameters as { name: string; schema: Record<string, unknown> }[];
    expect(parameters.find((parameter) => parameter.name === 'limit')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 100 });
    expect(parameters.find((parameter) => parameter.name === 'offset')?.schema).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
    const activityTypes = document.paths['/v1/person-activities/types']?.get?.parameters as { name: string; schema: Record<string, unknown> }[];
    expect(activityTypes).toContainEqual(expect.objectContaining({ name: 'include_archived', required: false, schema: expect.objectContaining({ const: 'true' }) }));
  });

  it('documents 201 for creates, strict bodies, and the error envelope', () => {
    const create = document.paths['/v1/deals/statuses']?.post;
    expect(Object.keys(create?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '409', '415']));
    expect(create?.requestBody.content['application/json'].schema).toMatchObject({ additionalProperties: false, required: ['name'] });
    expect(document.components.schemas.ErrorEnvelope.properties.error.required).toEqual(['code', 'message', 'request_id']);
  });
});
