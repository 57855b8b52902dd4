import * as z from 'zod/mini';
import { eventWrite } from '../../events/event-outbox';
import { forTeam, splitMeta } from '../../db/repository';
import type { Stored } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { creationSortKey, newId, nowIso } from '../clock';
import { displayName, pageBodyShape, sortOrder } from '../schemas';
import { automationTriggerTypeValues } from './catalogue';
import { actionsSchema, checkTrigger, triggerInput } from './automation-payloads';
import { toAutomation, toAutomationRow } from './automation-record';
import type { Automation, AutomationRow } from './automation-record';
import { automationKey, findAutomation, listAllAutomations } from './automation-store';
import type { StoredAutomation } from './automation-store';

/**
 * The largest definition (trigger and actions, as UTF-8 JSON) an automation may hold, so that the
 * one item it is stored in stays well below DynamoDB's 400 KB item limit.
 */
export const maxDefinitionBytes = 256 * 1024;

const flags = {
  is_enabled: z.optional(z.boolean()),
  runs_on_api_changes: z.optional(z.boolean()),
  is_archived: z.optional(z.boolean()),
};

/** `POST /v1/automations`: `name`, `trigger_type`, `trigger` and `actions` are required; flags default to false. */
export const createAutomationBody = z.strictObject({
  name: displayName(),
  trigger_type: z.enum(automationTriggerTypeValues),
  trigger: triggerInput,
  actions: actionsSchema,
  ...flags,
});

/** `PATCH /v1/automations/{id}`: any field; a new `trigger_type` needs a `trigger` of that type. */
export const updateAutomationBody = z.strictObject({
  name: z.optional(displayName()),
  trigger_type: z.optional(z.enum(automationTriggerTypeValues)),
  trigger: z.optional(triggerInput),
  actions: z.optional(actionsSchema),
  ...flags,
});
type AutomationInput = z.output<typeof updateAutomationBody>;

/** `POST /v1/automations/search` (specification): every field optional. */
export const searchAutomationsBody = z.strictObject({
  ...pageBodyShape,
  keywords: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(20))),
  is_enabled: z.optional(z.boolean()),
  is_archived: z._default(z.boolean(), false),
  trigger_type: z.optional(z.enum(automationTriggerTypeValues)),
  sort_by: z._default(z.enum(['created_at', 'updated_at', 'name']), 'created_at'),
  sort_order: sortOrder(),
});

const changedConcurrently = 'The automation changed concurrently; retry';

/**
 * Merges `input` into `current` (or a new automation) and checks what the request schema cannot:
 * the trigger against its type and the team's records, that a changed `trigger_type` comes with
 * a trigger, and the size of the definition. Every problem is reported at once.
 */
async function applyAutomationInput(teamId: string, current: StoredAutomation | undefined, input: AutomationInput, now: string): Promise<StoredAutomation> {
  const details: ErrorDetail[] = [];
  const next: StoredAutomation = {
    ...(current ?? {
      id: newId(),
      name: '',
      is_enabled: false,
      is_archived: false,
      runs_on_api_changes: false,
      trigger_type: input.trigger_type ?? 'schedule',
      trigger: {},
      actions: [],
      created_at: now,
    }),
    updated_at: now,
  };
  if (input.name !== undefined) next.name = input.name;
  for (const flag of ['is_enabled', 'is_archived', 'runs_on_api_changes'] as const) if (input[flag] !== undefined) next[flag] = input[flag];
  if (input.trigger_type !== undefined) next.trigger_type = input.trigger_type;
  if (input.trigger !== undefined) next.trigger = await checkTrigger(teamId, next.trigger_type, input.trigger, 'body.trigger', details);
  else if (current && next.trigger_type !== current.trigger_type) {
    details.push({ path: 'body.trigger', message: `Required when trigger_type changes: give the trigger of a ${next.trigger_type} automation` });
  }
  if (input.actions !== undefined) next.actions = input.actions;
  if (Buffer.byteLength(JSON.stringify({ trigger: next.trigger, actions: next.actions })) > maxDefinitionBytes) {
    details.push({ path: 'body.actions', message: `The trigger and actions together exceed ${maxDefinitionBytes} bytes of JSON` });
  }
  if (details.length) {
    throw new ValidationError(details.length === 1 ? `Invalid automation: ${(details[0] as ErrorDetail).message}` : `Invalid automation: ${details.length} problems, see details`, details);
  }
  return next;
}

async function readAutomation(teamId: string, id: string): Promise<Stored<StoredAutomation>> {
  const automation = await findAutomation(teamId, id);
  if (!automation) throw new NotFoundError('Automation');
  return automation;
}

/** `GET /v1/automations/{id}`: the list row plus `trigger` and `actions`. */
export async function getAutomation(teamId: string, id: string): Promise<Automation> {
  return toAutomation(await readAutomation(teamId, id));
}

/** Creates an automation (one `PutItem` in the team's automation collection) and answers the full definition. */
export async function createAutomation(teamId: string, input: z.output<typeof createAutomationBody>): Promise<Automation> {
  const automation = await applyAutomationInput(teamId, undefined, input, nowIso());
  const table = forTeam(teamId);
  const created = toAutomation(automation);
  await table.write([
    table.create(automationKey(automation.id), { ...automation, created_sort: creationSortKey() }, { entity: 'AUTOMATION', conflictMessage: 'Automation id collision' }),
    eventWrite(table, { type: 'automation.created', subject: 'plain', snapshot: created, timestamp: created.created_at }),
  ]);
  return created;
}

/** Changes the fields given, only if nobody changed the automation since it was read (409 otherwise). */
export async function updateAutomation(teamId: string, id: string, input: AutomationInput): Promise<Automation> {
  const { record, meta } = splitMeta(await readAutomation(teamId, id));
  const next = await applyAutomationInput(teamId, record, input, nowIso());
  const { id: _id, created_at: _created, ...changes } = next;
  const table = forTeam(teamId);
  const updated = toAutomation(next);
  await table.write([
    table.update(automationKey(id), meta.version, changes, { conflictMessage: changedConcurrently }),
    eventWrite(table, { type: 'automation.updated', subject: 'plain', snapshot: updated, timestamp: updated.updated_at }),
  ]);
  return updated;
}

/**
 * `POST /v1/automations/search`: reads every automation of the team (one `Query` of its
 * collection), keeps those matching every filter (each keyword a case-insensitive substring of the
 * name; `is_archived` false unless asked), sorts, and pages. Names sort case-insensitively by code
 * point (no ICU collator on the read path); ties keep creation order, reversed with the sort.
 */
export async function searchAutomations(teamId: string, query: z.output<typeof searchAutomationsBody>): Promise<{ items: AutomationRow[]; total: number }> {
  const keywords = (query.keywords ?? []).map((keyword) => keyword.toLowerCase());
  const matches = (await listAllAutomations(teamId)).filter((automation) => {
    const name = automation.name.toLowerCase();
    return (
      keywords.every((keyword) => name.includes(keyword)) &&
      automation.is_archived === query.is_archived &&
      (query.is_enabled === undefined || automation.is_enabled === query.is_enabled) &&
      (query.trigger_type === undefined || automation.trigger_type === query.trigger_type)
    );
  });
  const sortKey = (automation: Stored<StoredAutomation>): string =>
    query.sort_by === 'created_at' ? (automation.created_sort ?? automation.created_at) : query.sort_by === 'updated_at' ? automation.updated_at : automation.name.toLowerCase();
  const keyed = matches.map((automation) => ({ automation, key: sortKey(automation), created: automation.created_sort ?? automation.created_at }));
  const direction = query.sort_order === 'asc' ? 1 : -1;
  keyed.sort((a, b) => {
    const primary = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return (primary || (a.created < b.created ? -1 : a.created > b.created ? 1 : 0)) * direction;
  });
  return { items: keyed.slice(query.offset, query.offset + query.limit).map(({ automation }) => toAutomationRow(automation)), total: keyed.length };
}
