import type { ErrorCode, ErrorDetail } from './errors';

/** Pagination facts of a list answer: `total` counts every match across pages. */
export interface PageMeta {
  total: number;
  offset: number;
  limit: number;
}

/** What a paginated handler returns; the chain turns it into `{success, data, meta}`. */
export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

/** How a route shapes its answers: the `/v1` envelope, the `/v0` one, or a raw body (documents, pages). */
export type EnvelopeKind = 'v1' | 'v0' | 'raw';

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  requestId: string;
  details?: ErrorDetail[] | undefined;
}

/** Builds the success body of an envelope kind from what a handler returned. */
export function successBody(kind: EnvelopeKind, result: unknown): unknown {
  if (kind === 'raw') return result;
  if (kind === 'v0') return { error: '', data: result };
  if (isPage(result)) return { success: true, data: result.items, meta: result.meta };
  return { success: true, data: result };
}

/** Builds the error body of an envelope kind. */
export function errorBody(kind: EnvelopeKind, error: ErrorBody): unknown {
  if (kind === 'v0') return { error: error.message, data: null };
  return {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      request_id: error.requestId,
      ...(error.details?.length ? { details: error.details } : {}),
    },
  };
}

/** Marks a handler result as a page so the envelope gets `meta`. */
export function page<T>(items: T[], meta: PageMeta): Page<T> {
  return Object.assign(Object.create(pageMarker) as object, { items, meta }) as Page<T>;
}

const pageMarker = Object.freeze({});

function isPage(value: unknown): value is Page<unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === pageMarker;
}
