import { buildOpenApiDocument } from './generate';

let cached: Promise<Record<string, unknown>> | undefined;

/**
 * The OpenAPI document of the running service, built from the route registry on first use.
 * In a Lambda bundle, `esbuild.config.mjs` replaces this module with the document generated at
 * build time, so the function that serves it does not carry every other route.
 */
export function loadOpenApiDocument(): Promise<Record<string, unknown>> {
  cached ??= import('../../functions/registry').then(async ({ loadRoutes }) => buildOpenApiDocument(await loadRoutes()));
  return cached;
}
