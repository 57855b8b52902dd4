import * as z from 'zod/mini';
import { forTeam, splitMeta } from '../db/repository';
import type { Stored } from '../db/repository';
import { newId, nowIso } from '../domain/clock';
import { eventWrite } from '../events/event-outbox';
import { isEventType } from '../events/event-catalogue';
import { ConflictError, NotFoundError } from '../http/errors';
import { newEndpointSecret } from './signature';
import { endpointKey, findEndpoint, listEndpoints } from './webhook-store';
import type { StoredEndpoint } from './webhook-store';

/** How many live endpoints a team may have (each event fans out to all of them). */
export const maxEndpointsPerTeam = 20;

const changedConcurrently = 'The endpoint was changed concurrently; reload and retry';

/** https anywhere; plain http only for a receiver on this machine (local testing). */
function isAllowedUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}

const endpointUrl = () =>
  z.string().check(z.maxLength(2000), z.refine(isAllowedUrl, 'Expected an https URL without credentials (http only for localhost or 127.0.0.1)'));
const eventTypeFilter = () =>
  z.array(z.string().check(z.refine(isEventType, 'Unknown event type; see GET /portal/api/event-types'))).check(z.maxLength(100));

/** An endpoint as the portal shows it (the secret has its own route). */
export const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  disabled: z.boolean(),
  disabled_reason: z.nullable(z.enum(['manual', 'failing'])),
  failing_since: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Endpoint = z.infer<typeof endpointSchema>;

export const createEndpointBody = z.strictObject({
  url: endpointUrl(),
  description: z._default(z.string().check(z.maxLength(500)), ''),
  event_types: z._default(eventTypeFilter(), []),
  disabled: z._default(z.boolean(), false),
});

export const updateEndpointBody = z.strictObject({
  url: z.optional(endpointUrl()),
  description: z.optional(z.string().check(z.maxLength(500))),
  event_types: z.optional(eventTypeFilter()),
  disabled: z.optional(z.boolean()),
});

export const secretSchema = z.object({ secret: z.string() });

function renderEndpoint(stored: Stored<StoredEndpoint>): Endpoint {
  const { record } = splitMeta(stored);
  const { secret: _secret, ...shown } = record;
  return shown;
}

async function readEndpoint(teamId: string, id: string): Promise<Stored<StoredEndpoint>> {
  const endpoint = await findEndpoint(teamId, id);
  if (!endpoint) throw new NotFoundError('Endpoint');
  return endpoint;
}

/** `GET /portal/api/endpoints`: the team's live endpoints, oldest first (one `Query`). */
export async function listPortalEndpoints(teamId: string): Promise<Endpoint[]> {
  return (await listEndpoints(teamId)).map(renderEndpoint);
}

/**
 * `POST /portal/api/endpoints`: a new endpoint with a fresh `whsec_` secret. The team's endpoint
 * count is read before writing, so two simultaneous creates may pass the limit by one.
 */
export async function createPortalEndpoint(teamId: string, body: z.infer<typeof createEndpointBody>): Promise<Endpoint> {
  if ((await listEndpoints(teamId)).length >= maxEndpointsPerTeam) throw new ConflictError(`A team can have at most ${maxEndpointsPerTeam} endpoints; delete one first`);
  const now = nowIso();
  const endpoint: StoredEndpoint = {
    id: newId(),
    url: body.url,
    description: body.description,
    event_types: [...new Set(body.event_types)],
    disabled: body.disabled,
    disabled_reason: body.disabled ? 'manual' : null,
    secret: newEndpointSecret(),
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  const table = forTeam(teamId);
  await table.write([table.create(endpointKey(endpoint.id), { ...endpoint }, { entity: 'WEBHOOK_ENDPOINT', conflictMessage: 'Endpoint id collision; retry' })]);
  return renderEndpoint({ ...endpoint, version: 1, entity: 'WEBHOOK_ENDPOINT' });
}

/**
 * `PATCH /portal/api/endpoints/{id}`: changes the fields given. Disabling records `manual` as the
 * reason; enabling clears the reason and `failing_since`, so a failing endpoint starts afresh.
 */
export async function updatePortalEndpoint(teamId: string, id: string, body: z.infer<typeof updateEndpointBody>): Promise<Endpoint> {
  const current = await readEndpoint(teamId, id);
  const { record, meta } = splitMeta(current);
  const next: StoredEndpoint = {
    ...record,
    ...(body.url === undefined ? {} : { url: body.url }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.event_types === undefined ? {} : { event_types: [...new Set(body.event_types)] }),
    updated_at: nowIso(),
  };
  if (body.disabled === true && !record.disabled) Object.assign(next, { disabled: true, disabled_reason: 'manual' });
  if (body.disabled === false && record.disabled) Object.assign(next, { disabled: false, disabled_reason: null, failing_since: null });
  const table = forTeam(teamId);
  await table.write([table.update(endpointKey(id), meta.version, { ...next }, { conflictMessage: changedConcurrently })]);
  return renderEndpoint({ ...next, ...meta, version: meta.version + 1 });
}

/** `DELETE /portal/api/endpoints/{id}`: marks it deleted; it receives nothing more and is never listed. */
export async function deletePortalEndpoint(teamId: string, id: string): Promise<void> {
  const current = await readEndpoint(teamId, id);
  const now = nowIso();
  const table = forTeam(teamId);
  await table.write([table.update(endpointKey(id), current.version, { deleted_at: now, updated_at: now }, { conflictMessage: changedConcurrently })]);
}

/** `GET /portal/api/endpoints/{id}/secret`: the `whsec_` secret receivers verify signatures with. */
export async function readPortalEndpointSecret(teamId: string, id: string): Promise<{ secret: string }> {
  return { secret: (await readEndpoint(teamId, id)).secret };
}

/** `POST /portal/api/endpoints/{id}/secret/rotate`: a new secret; deliveries from now on are signed with it. */
export async function rotatePortalEndpointSecret(teamId: string, id: string): Promise<{ secret: string }> {
  const current = await readEndpoint(teamId, id);
  const secret = newEndpointSecret();
  const table = forTeam(teamId);
  await table.write([table.update(endpointKey(id), current.version, { secret, updated_at: nowIso() }, { conflictMessage: changedConcurrently })]);
  return { secret };
}

export const testEventSchema = z.object({ event_id: z.string(), type: z.literal('webhook.test'), endpoint_id: z.string() });

/**
 * `POST /portal/api/endpoints/{id}/test`: records a `webhook.test` event for this endpoint only
 * (`endpoint_ids`), in one transaction with a check that the endpoint is live and enabled; the
 * delivery pipeline sends it like any other event.
 */
export async function sendPortalTestEvent(teamId: string, id: string): Promise<z.infer<typeof testEventSchema>> {
  const endpoint = await readEndpoint(teamId, id);
  if (endpoint.disabled) throw new ConflictError('The endpoint is disabled; enable it to send a test event');
  const table = forTeam(teamId);
  const event = eventWrite(table, {
    type: 'webhook.test',
    subject: 'plain',
    snapshot: { endpoint_id: id, message: 'A test event sent from the webhook portal' },
    endpointIds: [id],
  });
  await table.write([
    table.check(endpointKey(id), { expression: 'attribute_exists(PK) AND attribute_not_exists(deleted_at) AND disabled = :enabled', values: { ':enabled': false } }, { conflictMessage: 'The endpoint was deleted or disabled meanwhile' }),
    event,
  ]);
  return { event_id: String(event.item.Put?.Item?.id), type: 'webhook.test', endpoint_id: id };
}
