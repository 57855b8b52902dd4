import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import type { ApiMiddleware, ApiRequest } from '../context';
import { ValidationError } from '../errors';
import type { ErrorDetail } from '../errors';
import type { RouteSpec } from '../route';

// zod/mini ships no messages by default; English only, so other locales stay out of the bundles.
z.config(en());

type Part = 'path' | 'query' | 'body';

function parsePart(schema: z.ZodMiniType | undefined, value: unknown, part: Part, details: ErrorDetail[]): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of keys) details.push({ path: [part, ...path].map(String).join('.'), message: issue.message });
  }
  return undefined;
}

/**
 * The query parameters of a schema for which an empty value (`?include=`) means something: those
 * whose schema accepts `''`. Every other empty value (`?limit=`) counts as absent.
 */
function parametersKeepingEmpty(schema: z.ZodMiniType | undefined): Set<string> {
  const shape = (schema as { shape?: Record<string, z.ZodMiniType> } | undefined)?.shape ?? {};
  return new Set(Object.entries(shape).filter(([, field]) => field.safeParse('').success).map(([name]) => name));
}

/** Query values as strings, with empty values dropped unless the parameter gives them a meaning. */
function queryValues(event: APIGatewayProxyEventV2, keepEmpty: Set<string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined && (value !== '' || keepEmpty.has(name))) values[name] = value;
  }
  return values;
}

/**
 * Validates path, query and body against the route's schemas (strict: unknown body fields fail)
 * and hands the parsed values to the handler; every problem is listed in `details`.
 */
export function validateRequest(route: RouteSpec): ApiMiddleware {
  const keepEmpty = parametersKeepingEmpty(route.query);
  const validateRequestBefore = async (request: ApiRequest) => {
    const { event } = request;
    const details: ErrorDetail[] = [];
    const params = parsePart(route.params, event.pathParameters ?? {}, 'path', details);
    const query = parsePart(route.query, queryValues(event, keepEmpty), 'query', details);
    const body = route.body ? parsePart(route.body, event.body as unknown, 'body', details) : undefined;
    if (details.length) {
      const first = details[0] as ErrorDetail;
      throw new ValidationError(details.length === 1 ? `Invalid request: ${first.path}: ${first.message}` : `Invalid request: ${details.length} problems, see details`, details);
    }
    request.context.input = { params, query, body };
  };
  return { before: validateRequestBefore };
}
