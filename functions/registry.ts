import { readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiHandler } from '../shared/http/chain';
import type { RouteSpec } from '../shared/http/route';

/**
 * The route registry. Every file `functions/<resource>/<function-name>.ts` is one endpoint and one
 * Lambda: it exports `route` (method, path, schemas, scopes, table access) and `handler`. The CDK
 * stack, the local server, the esbuild build and the OpenAPI document all read this registry, so
 * adding a file is all it takes to add an endpoint everywhere.
 */

/** Where a route's source lives and the name its Lambda and bundle get (`list-deal-statuses`). */
export interface RouteFile {
  name: string;
  /** Path relative to the repository root, e.g. `functions/deal-statuses/list-deal-statuses.ts`. */
  file: string;
  absolutePath: string;
}

export interface RegisteredRoute extends RouteFile {
  route: RouteSpec;
  handler: ApiHandler;
}

const functionsDirectory = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = dirname(functionsDirectory);

/** Every route file, sorted by name (synchronous: the build and CDK need it before anything runs). */
export function listRouteFiles(): RouteFile[] {
  const files: RouteFile[] = [];
  for (const resource of readdirSync(functionsDirectory, { withFileTypes: true })) {
    if (!resource.isDirectory()) continue;
    for (const entry of readdirSync(join(functionsDirectory, resource.name))) {
      if (!entry.endsWith('.ts')) continue;
      const absolutePath = join(functionsDirectory, resource.name, entry);
      files.push({ name: basename(entry, '.ts'), file: relative(repositoryRoot, absolutePath).split('\\').join('/'), absolutePath });
    }
  }
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

/** Imports every route module; fails loudly when a file breaks the convention. */
export async function loadRoutes(): Promise<RegisteredRoute[]> {
  const files = listRouteFiles();
  const names = new Set<string>();
  const routes: RegisteredRoute[] = [];
  for (const file of files) {
    if (names.has(file.name)) throw new Error(`Two route files are named ${file.name}: function names must be unique`);
    names.add(file.name);
    const module = (await import(file.absolutePath)) as { route?: RouteSpec; handler?: ApiHandler };
    if (!module.route || typeof module.handler !== 'function') throw new Error(`${file.file} must export route and handler`);
    routes.push({ ...file, route: module.route, handler: module.handler });
  }
  const keys = new Set<string>();
  for (const { route, file } of routes) {
    const key = `${route.method} ${route.path}`;
    if (keys.has(key)) throw new Error(`${file} declares ${key}, which another route already declares`);
    keys.add(key);
  }
  return routes;
}

/** API Gateway's route key of a route: `GET /v1/jobs/{id}`, or `$default` for the catch-all. */
export function routeKey(route: RouteSpec): string {
  return route.path === '$default' ? '$default' : `${route.method} ${route.path}`;
}
