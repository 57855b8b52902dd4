import * as z from 'zod/mini';
import { createPublicHandler } from '../../shared/http/public-chain';
import { defineRoute } from '../../shared/http/route';
import { loadOpenApiDocument } from '../../shared/openapi/document-source';

export const route = defineRoute({
  method: 'GET',
  path: '/openapi.json',
  tag: 'Documentation',
  summary: 'OpenAPI document',
  description: 'The OpenAPI 3.1 document of this API, generated from the schemas that validate requests. No credential needed.',
  auth: 'none',
  table: 'none',
  envelope: 'raw',
  response: z.record(z.string(), z.unknown()),
});

export async function getOpenApiDocument() {
  return loadOpenApiDocument();
}

export const handler = createPublicHandler(route, getOpenApiDocument);
