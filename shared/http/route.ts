import type * as z from 'zod/mini';
import type { Scope } from '../auth/scopes';
import type { EnvelopeKind } from './envelope';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What a route's Lambda may do to the table: CDK grants exactly these actions and no others. */
export type TableAccess = 'none' | 'read' | 'write';

/**
 * What a route's Lambda may do to the documents bucket: `read` fetches objects (and signs download
 * links, which act with the function's own rights), `write` also stores and deletes them.
 */
export type DocumentsAccess = 'read' | 'write';

type Schema = z.ZodMiniType;

/** The kinds of caller authentication a route can declare (see {@link RouteSpec.auth}). */
export type RouteAuth = 'bearer' | 'portal' | 'none';

/**
 * One endpoint, declared once in its handler file. The registry (`functions/registry.ts`) collects
 * these declarations for the CDK routes, the local router and the OpenAPI document.
 */
export interface RouteSpec {
  method: HttpMethod | 'ANY';
  /** OpenAPI-style path (`/v1/jobs/{id}`), or `$default` for the catch-all. */
  path: string;
  summary: string;
  description?: string;
  /** The OpenAPI tag that groups it in `/docs`. */
  tag: string;
  /**
   * Who may call it: `bearer` (default) an API key, session JWT or OAuth JWT; `portal` only a webhook
   * portal session token (`shared/http/middleware/portal-auth.ts`), never an API key or JWT; `none`
   * nobody needs to prove anything (the public document routes, the portal page and its magic-link
   * exchange, the catch-all).
   */
  auth?: RouteAuth;
  /** Scopes the credential must hold, else 403 `INSUFFICIENT_SCOPE`. */
  scopes?: readonly Scope[];
  table: TableAccess;
  /** Access to the documents bucket; absent means none (CDK grants nothing and sets no bucket). */
  documents?: DocumentsAccess;
  envelope?: EnvelopeKind;
  /** 201 for creates; 200 otherwise. */
  successStatus?: 200 | 201;
  /** The response content type of a `raw` route (JSON otherwise). */
  contentType?: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The schema of `data` (of one item when `paginated`). */
  response?: Schema;
  paginated?: boolean;
  /** Largest accepted request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Documented error answers besides the ones every route has (400, 401, 500, 503). */
  errors?: readonly number[];
}

/**
 * Declares a route, keeping its literal types so the handler's input is typed from its schemas.
 * @example export const route = defineRoute({ method: 'GET', path: '/v1/deals/statuses', tag: 'Deals', summary: 'List deal statuses', table: 'read', response: z.array(dealStatusSchema) })
 */
export function defineRoute<const S extends RouteSpec>(spec: S): S {
  return spec;
}

type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/** The validated input a handler receives for route `S`. */
export interface RouteInput<S extends RouteSpec> {
  params: Parsed<S['params']>;
  query: Parsed<S['query']>;
  body: Parsed<S['body']>;
}
