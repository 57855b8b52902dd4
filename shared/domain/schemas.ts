import * as z from 'zod/mini';

/**
 * Building blocks shared by the request and response schemas of every entity. `zod/mini` keeps
 * each Lambda bundle small (about 32 KB of validation code where the full zod API costs over 90 KB).
 */

/** A record id as the API exposes it. */
export const uuid = () => z.uuid();

/** `#RRGGBB`. */
export const hexColor = () => z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/, 'Expected a hex colour such as #1A2B3C'));

/** A non-empty display name. */
export const displayName = () => z.string().check(z.minLength(1), z.maxLength(200));

/** ISO 8601 UTC timestamp with milliseconds. */
export const timestamp = () => z.iso.datetime();

/** An activity type key: lower-case letters, digits and underscores. */
export const activityTypeKey = () => z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/, 'Expected a key of lower-case letters, digits and underscores'));

/** A path with one `{id}` parameter that must be a UUID. */
export const idParams = z.strictObject({ id: uuid() });

/** `offset` and `limit` query parameters with the specification's bounds and defaults. */
export const pageQueryShape = {
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 100),
};

/** The shape every paginated answer's `meta` has. */
export const pageMetaSchema = z.object({ total: z.number(), offset: z.number(), limit: z.number() });

/** `offset` and `limit` fields of a search body, with the specification's bounds and defaults. */
export const pageBodyShape = {
  offset: z._default(z.number().check(z.int(), z.minimum(0)), 0),
  limit: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(100)), 100),
};

/** `sort_order` of lists and searches: newest first unless asked. */
export const sortOrder = () => z._default(z.enum(['asc', 'desc']), 'desc');

/** A timestamp given as ISO 8601 date-time or as a plain date (midnight UTC), stored as a timestamp. */
export const timestampOrDate = () =>
  z.pipe(
    z.union([z.iso.datetime({ offset: true }), z.iso.date()]),
    z.transform((value: string) => new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value).toISOString()),
  );

/** An ISO 4217 currency code. */
export const currencyCode = () => z.string().check(z.regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code such as USD'));

/** A list of ids with no repeats (order kept). */
export function uniqueIds(ids: readonly string[] | undefined): string[] {
  return [...new Set(ids ?? [])];
}
