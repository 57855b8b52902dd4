import { randomUUID } from 'node:crypto';
import { monotonicFactory } from 'ulid';

/** Now as the API writes timestamps: ISO 8601 UTC with milliseconds. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** A new public record id (UUID v4, extensions.md section 1). */
export function newId(): string {
  return randomUUID();
}

const monotonicUlid = monotonicFactory();

/** A sort key that orders records by creation, even several within one millisecond. */
export function creationSortKey(): string {
  return monotonicUlid();
}
