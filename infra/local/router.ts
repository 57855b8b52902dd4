import type { RegisteredRoute } from '../../functions/registry';

/** A route matched to a request, with its path parameters. */
export interface RouteMatch {
  registered: RegisteredRoute;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  registered: RegisteredRoute;
  segments: { literal?: string; parameter?: string }[];
}

/**
 * Matches requests the way API Gateway HTTP API does: a literal segment beats a parameter,
 * compared left to right, so `/v1/deals/statuses` wins over `/v1/deals/{id}`; no match, or a
 * path that matches with another method, falls to the `$default` route.
 */
export function createRouter(routes: RegisteredRoute[]) {
  const fallback = routes.find(({ route }) => route.path === '$default');
  const compiled: CompiledRoute[] = routes
    .filter(({ route }) => route.path !== '$default')
    .map((registered) => ({
      registered,
      segments: registered.route.path.split('/').slice(1).map((segment) => {
        const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
        return parameter ? { parameter } : { literal: segment };
      }),
    }));

  const specificity = (route: CompiledRoute) => route.segments.map((segment) => (segment.literal === undefined ? '1' : '0')).join('');

  return function match(method: string, path: string): RouteMatch | undefined {
    const parts = path.split('/').slice(1);
    const candidates: { route: CompiledRoute; pathParameters: Record<string, string> }[] = [];
    for (const route of compiled) {
      if (route.registered.route.method !== method || route.segments.length !== parts.length) continue;
      const pathParameters: Record<string, string> = {};
      const matches = route.segments.every((segment, index) => {
        const part = parts[index] as string;
        if (segment.literal !== undefined) return segment.literal === part;
        if (part === '') return false;
        pathParameters[segment.parameter as string] = safeDecode(part);
        return true;
      });
      if (matches) candidates.push({ route, pathParameters });
    }
    candidates.sort((a, b) => specificity(a.route).localeCompare(specificity(b.route)));
    const best = candidates[0];
    if (best) return { registered: best.route.registered, pathParameters: best.pathParameters };
    return fallback && { registered: fallback, pathParameters: {} };
  };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
