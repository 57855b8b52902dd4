import * as z from 'zod/mini';
import { eventWrite } from '../../events/event-outbox';
import type { Principal } from '../../auth/scopes';
import { forTeam } from '../../db/repository';
import type { Stored, TeamTable, WriteOperation } from '../../db/repository';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { resolveActor } from '../actor';
import { creationSortKey, nowIso } from '../clock';
import { companyKey } from '../companies/company-store';
import { personKey } from '../persons/person-store';
import { findList, listItemIndexes, listItemKey, listKey, listTypes } from './list-store';
import type { StoredList, StoredListItem } from './list-store';

/*
 * Bulk membership changes of a saved list (extensions.md section 2, "Bulk operations").
 *
 * Every id is judged on its own and never fails the request: a malformed id fails with
 * `invalid_id`; an unknown, deleted or other team's person or company with `not_found`. An id given
 * more than once is judged and reported once; the answer lists ids in the order given.
 *
 * Exact `item_count`: a member item is written only under a condition on its own state (add:
 * absent or removed; removal: live), and the list's `item_count` is adjusted by the number of
 * member writes in the SAME transaction. A transaction holds at most 100 items, so the ids are
 * written in chunks of {@link membersPerTransaction}. When a chunk's transaction fails because a
 * concurrent request changed one of its ids first, the chunk's members are read again, judged
 * again and written again (up to {@link chunkAttempts} times): the id that lost the race is then
 * reported as already present (add) or not a member (removal), and is not counted twice.
 */

/** Most ids one request takes (each of `person_ids` / `company_ids`). */
export const maxListItemIds = 100;
/** Member writes per transaction: the list's `item_count` adjustment and the chunk's event take the last two places of 100. */
export const membersPerTransaction = 98;
/** Attempts of one chunk that keeps losing races with concurrent changes of the same ids. */
export const chunkAttempts = 8;

const idArray = z.array(z.string()).check(z.minLength(1), z.maxLength(maxListItemIds));

/**
 * `{person_ids | company_ids, team_member_id?}`. The ids are strings, judged one by one in the
 * service, so a malformed id is reported in `failed`, not a 400.
 */
export const listItemsBody = z.strictObject({
  person_ids: z.optional(idArray),
  company_ids: z.optional(idArray),
  /** The team member to attribute the change to: required for API keys, ignored for session and OAuth tokens. */
  team_member_id: z.optional(z.uuid()),
});
export type ListItemsInput = z.output<typeof listItemsBody>;

const failedSchema = z.array(z.object({ id: z.string(), reason: z.enum(['invalid_id', 'not_found']) }));
type Failed = z.infer<typeof failedSchema>[number];

export const addedListItemsSchema = z.object({
  list_id: z.string(),
  list_type: z.enum(listTypes),
  added_ids: z.array(z.string()),
  already_present_ids: z.array(z.string()),
  failed: failedSchema,
});
export type AddedListItems = z.infer<typeof addedListItemsSchema>;

export const removedListItemsSchema = z.object({
  list_id: z.string(),
  list_type: z.enum(listTypes),
  removed_ids: z.array(z.string()),
  not_found_ids: z.array(z.string()),
  failed: failedSchema,
});
export type RemovedListItems = z.infer<typeof removedListItemsSchema>;

const uuidShape = z.uuid();
const conflictMessage = 'The list changed concurrently; retry';

/**
 * What becomes of one id, judged from whether its person or company is live and its member item:
 * a write (added / removed), `unchanged` (already present / not a member), or `not_found`.
 */
type Verdict = WriteOperation | 'unchanged' | 'not_found';
type Judge = (id: string, recordLive: boolean, member: Stored<StoredListItem> | undefined) => Verdict;

const isLive = (member: Stored<StoredListItem> | undefined): boolean => member !== undefined && !member.deleted_at;

/** What a request is about once its list, actor and body have been checked. */
interface Checked {
  table: TeamTable;
  list: Stored<StoredList>;
  actor: string | null;
  ids: string[];
}

/**
 * Reads the list (404 when it is not a live list of the team) and the actor, and checks that the
 * body uses the id field of the list's type; every problem of the body is reported at once (400).
 */
async function check(principal: Principal, listId: string, input: ListItemsInput): Promise<Checked> {
  const [list, actor] = await Promise.all([
    findList(principal.teamId, listId),
    resolveActor(principal, input.team_member_id, { required: true }).then(
      (id) => ({ id, details: [] as ErrorDetail[] }),
      (error: unknown) => {
        if (error instanceof ValidationError) return { id: null, details: error.details ?? [] };
        throw error;
      },
    ),
  ]);
  if (!list) throw new NotFoundError('List');
  const [field, otherField] = list.list_type === 'persons' ? (['person_ids', 'company_ids'] as const) : (['company_ids', 'person_ids'] as const);
  const details: ErrorDetail[] = [];
  if (input[otherField] !== undefined) details.push({ path: `body.${otherField}`, message: `Not allowed for a ${list.list_type} list; use ${field}` });
  if (input[field] === undefined) details.push({ path: `body.${field}`, message: `Required for a ${list.list_type} list` });
  details.push(...actor.details);
  if (details.length) {
    throw new ValidationError(details.length === 1 ? `Invalid list items request: ${(details[0] as ErrorDetail).message}` : `Invalid list items request: ${details.length} problems, see details`, details);
  }
  return { table: forTeam(principal.teamId), list, actor: actor.id, ids: [...new Set(input[field])] };
}

/** The member items of `ids` (consistent `BatchGetItem`), by id. */
async function readMembers(table: TeamTable, listId: string, ids: string[]): Promise<Map<string, Stored<StoredListItem> | undefined>> {
  const members = await table.getEach<StoredListItem>(ids.map((id) => listItemKey(listId, id)));
  return new Map(ids.map((id, index) => [id, members[index]]));
}

/** Short random pause before a chunk is tried again, growing with the attempt. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 25 * attempt)));

/**
 * Judges and writes one chunk (at most {@link membersPerTransaction} ids): its member writes and
 * the list's `item_count` adjustment are one transaction; on a lost race the chunk's members are
 * read again and judged again. Answers each id's verdict as written.
 */
async function writeChunk(table: TeamTable, listId: string, ids: string[], live: Set<string>, members: Map<string, Stored<StoredListItem> | undefined>, judge: Judge, direction: 1 | -1): Promise<Map<string, Verdict>> {
  let current = members;
  for (let attempt = 1; ; attempt += 1) {
    const verdicts = new Map(ids.map((id) => [id, judge(id, live.has(id), current.get(id))]));
    const writes = [...verdicts.values()].filter((verdict): verdict is WriteOperation => typeof verdict !== 'string');
    if (!writes.length) return verdicts;
    try {
      const now = nowIso();
      const written = [...verdicts].filter(([, verdict]) => typeof verdict !== 'string').map(([id]) => id);
      await table.write([
        ...writes,
        table.adjust(listKey(listId), 'item_count', direction * writes.length, { conflictMessage, set: { updated_at: now } }),
        direction === 1
          ? eventWrite(table, { type: 'list.items_added', subject: 'plain', snapshot: { list_id: listId, added_ids: written }, timestamp: now })
          : eventWrite(table, { type: 'list.items_removed', subject: 'plain', snapshot: { list_id: listId, removed_ids: written }, timestamp: now }),
      ]);
      return verdicts;
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= chunkAttempts) throw error;
      await pause(attempt);
      current = await readMembers(table, listId, ids);
    }
  }
}

/**
 * Judges every id of a request and writes the changes chunk by chunk. The persons or companies
 * and the member items of all well-formed ids are read in one `BatchGetItem` (up to 200 keys).
 */
async function applyToEach(checked: Checked, judge: Judge, direction: 1 | -1): Promise<{ changed: string[]; unchanged: string[]; failed: Failed[] }> {
  const { table, list, ids } = checked;
  const wellFormed = ids.filter((id) => uuidShape.safeParse(id).success);
  const keyOf = list.list_type === 'persons' ? personKey : companyKey;
  const found = wellFormed.length ? await table.getEach<Record<string, unknown>>([...wellFormed.map(keyOf), ...wellFormed.map((id) => listItemKey(list.id, id))]) : [];
  const live = new Set(wellFormed.filter((_id, index) => { const record = found[index]; return record !== undefined && !record.deleted_at; }));
  const members = new Map(wellFormed.map((id, index) => [id, found[wellFormed.length + index] as Stored<StoredListItem> | undefined]));

  const verdicts = new Map<string, Verdict>();
  for (let start = 0; start < wellFormed.length; start += membersPerTransaction) {
    const chunk = wellFormed.slice(start, start + membersPerTransaction);
    for (const [id, verdict] of await writeChunk(table, list.id, chunk, live, members, judge, direction)) verdicts.set(id, verdict);
  }

  const result = { changed: [] as string[], unchanged: [] as string[], failed: [] as Failed[] };
  for (const id of ids) {
    const verdict = verdicts.get(id);
    if (verdict === undefined) result.failed.push({ id, reason: 'invalid_id' });
    else if (verdict === 'not_found') result.failed.push({ id, reason: 'not_found' });
    else if (verdict === 'unchanged') result.unchanged.push(id);
    else result.changed.push(id);
  }
  return result;
}

/**
 * `POST /v1/lists/{id}/items`: adds the team's live persons (persons list) or companies (companies
 * list) that are not members, again when removed before (with a new `added_at`); reports members
 * in `already_present_ids`, and fails the others one by one.
 */
export async function addListItems(principal: Principal, listId: string, input: ListItemsInput): Promise<AddedListItems> {
  const checked = await check(principal, listId, input);
  const { table, list, actor } = checked;
  const now = nowIso();
  const { changed, unchanged, failed } = await applyToEach(
    checked,
    (id, recordLive, member) => {
      if (!recordLive) return 'not_found';
      if (isLive(member)) return 'unchanged';
      const sort = creationSortKey();
      const item: StoredListItem = { list_id: list.id, member_id: id, added_at: now, added_by_team_member_id: actor };
      return table.create(listItemKey(list.id, id), { ...item, created_sort: sort }, { entity: 'LIST_ITEM', indexes: listItemIndexes(list.id, sort), replaceDeleted: true, conflictMessage });
    },
    1,
  );
  return { list_id: list.id, list_type: list.list_type, added_ids: changed, already_present_ids: unchanged, failed };
}

/**
 * `DELETE /v1/lists/{id}/items`: soft-removes members (the member item gets `deleted_at` and
 * leaves the members index; it can be added again). A member is removed even when its person or
 * company has been deleted since; a live person or company of the team that is not a member is
 * reported in `not_found_ids`; other ids fail one by one.
 */
export async function removeListItems(principal: Principal, listId: string, input: ListItemsInput): Promise<RemovedListItems> {
  const checked = await check(principal, listId, input);
  const { table, list, actor } = checked;
  const now = nowIso();
  const { changed, unchanged, failed } = await applyToEach(
    checked,
    (id, recordLive, member) => {
      if (isLive(member)) {
        return table.update(listItemKey(list.id, id), 'live', { deleted_at: now, removed_by_team_member_id: actor }, { removeIndexes: ['GSI1'], conflictMessage });
      }
      return recordLive ? 'unchanged' : 'not_found';
    },
    -1,
  );
  return { list_id: list.id, list_type: list.list_type, removed_ids: changed, not_found_ids: unchanged, failed };
}
