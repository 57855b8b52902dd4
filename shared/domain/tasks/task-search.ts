import * as z from 'zod/mini';
import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';
import { ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { pageBodyShape, sortOrder, uniqueIds } from '../schemas';
import { memberKey } from '../team-members';
import { renderTasks } from './task-record';
import type { Task } from './task-record';
import { relatedRecordKey } from './task-service';
import { isHidden, readTaskSource, readTaskSourcePage, relatedRecordTypes, taskPartitions, taskSortKeys, taskSources, taskTypes } from './task-store';
import type { StoredTask, TaskSource, TaskState } from './task-store';

/** A due-date bound: a plain date (the whole day, UTC) or a date-time (that instant). */
const dueBound = () => z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const searchTasksBody = z.strictObject({
  ...pageBodyShape,
  keywords: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(20))),
  task_types: z.optional(z.array(z.enum(taskTypes)).check(z.maxLength(20))),
  related_to: z.optional(z.uuid()),
  related_record_type: z.optional(z.enum(relatedRecordTypes)),
  is_completed: z.optional(z.boolean()),
  owner_ids: z.optional(z.array(z.uuid()).check(z.maxLength(100))),
  due_date_start: z.optional(dueBound()),
  due_date_end: z.optional(dueBound()),
  include_left_campaign: z._default(z.boolean(), false),
  sort_by: z._default(z.enum(['created_at', 'updated_at', 'due_date']), 'created_at'),
  sort_order: sortOrder(),
});
export type SearchTasksQuery = z.output<typeof searchTasksBody>;
type SortBy = SearchTasksQuery['sort_by'];
type SortOrder = SearchTasksQuery['sort_order'];

const wordPattern = /[\p{L}\p{N}]+/gu;

/** The words of a text: runs of letters and digits, lower-cased. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(wordPattern) ?? [];
}

/** The search terms of `keywords`: every word of every keyword, each once. */
export function keywordTerms(keywords: readonly string[] | undefined): string[] {
  return [...new Set((keywords ?? []).flatMap(wordsOf))];
}

/**
 * True when every term occurs in `content` as a word or the start of one, case-insensitively
 * (`call` finds "Call", "calls" and "callback", not "recall").
 */
export function matchesTerms(content: string, terms: readonly string[]): boolean {
  if (!terms.length) return true;
  const words = wordsOf(content);
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}

/** Inclusive due-date bounds as ISO timestamps: a plain date covers its whole UTC day. */
export interface DueBounds {
  from?: string;
  to?: string;
}

/** The bounds of `due_date_start` / `due_date_end`, normalised to comparable ISO timestamps. */
export function dueBounds(start: string | undefined, end: string | undefined): DueBounds {
  const instant = (value: string) => new Date(value).toISOString();
  return {
    ...(start === undefined ? {} : { from: start.length === 10 ? `${start}T00:00:00.000Z` : instant(start) }),
    ...(end === undefined ? {} : { to: end.length === 10 ? `${end}T23:59:59.999Z` : instant(end) }),
  };
}

/** True when the task is due within the bounds; a task without a due date is outside any bound. */
export function withinDue(task: Pick<StoredTask, 'due_date'>, bounds: DueBounds): boolean {
  if (bounds.from === undefined && bounds.to === undefined) return true;
  if (!task.due_date) return false;
  return (bounds.from === undefined || task.due_date >= bounds.from) && (bounds.to === undefined || task.due_date <= bounds.to);
}

type Sortable = Pick<StoredTask, 'due_date' | 'updated_at'> & { created_sort?: string };

/**
 * The order of a search, the same as the index it may page: by the column, ties in creation order,
 * both in `sortOrder`. By due date, tasks without one come after every dated task in either order.
 */
export function taskOrder(sortBy: SortBy, sortOrder: SortOrder): (a: Sortable, b: Sortable) => number {
  const key = taskSortKeys[sortBy];
  const direction = sortOrder === 'asc' ? 1 : -1;
  return (a, b) => {
    if (sortBy === 'due_date' && (a.due_date === null) !== (b.due_date === null)) return a.due_date === null ? 1 : -1;
    const left = key(a);
    const right = key(b);
    return (left < right ? -1 : left > right ? 1 : 0) * direction;
  };
}

/** The in-memory test of a search: every filter of the body, combined with AND. */
export function taskMatcher(query: Pick<SearchTasksQuery, 'include_left_campaign' | 'is_completed' | 'task_types' | 'owner_ids'>, terms: readonly string[], bounds: DueBounds): (task: StoredTask) => boolean {
  const types = query.task_types?.length ? new Set<string>(query.task_types) : undefined;
  const owners = query.owner_ids?.length ? new Set(query.owner_ids) : undefined;
  return (task) =>
    (query.include_left_campaign || !isHidden(task)) &&
    (query.is_completed === undefined || task.is_completed === query.is_completed) &&
    (!types || types.has(task.task_type)) &&
    (!owners || task.owner_ids.some((id) => owners.has(id))) &&
    withinDue(task, bounds) &&
    matchesTerms(task.content_text, terms);
}

/** Each task once (an index may briefly list a task that just moved in two partitions). */
function distinct(tasks: Stored<StoredTask>[]): Stored<StoredTask>[] {
  const seen = new Set<string>();
  return tasks.filter((task) => {
    if (seen.has(task.id)) return false;
    seen.add(task.id);
    return true;
  });
}

/** The rules the schema cannot say: the related-record pair, and bounds in order. */
function checkShape(query: SearchTasksQuery, bounds: DueBounds): void {
  const details: ErrorDetail[] = [];
  if (query.related_to !== undefined && query.related_record_type === undefined) details.push({ path: 'body.related_record_type', message: 'Required with related_to' });
  if (query.related_record_type !== undefined && query.related_to === undefined) details.push({ path: 'body.related_to', message: 'Required with related_record_type' });
  if (bounds.from !== undefined && bounds.to !== undefined && bounds.from > bounds.to) details.push({ path: 'body.due_date_end', message: 'Must not be before due_date_start' });
  if (details.length) throw new ValidationError(details.length === 1 ? `Invalid search: ${(details[0] as ErrorDetail).path}: ${(details[0] as ErrorDetail).message}` : `Invalid search: ${details.length} problems, see details`, details);
}

/**
 * The records the body names must be the team's: the related record (deleted ones too: their
 * tasks remain) and the owners (members). One `BatchGetItem`.
 */
async function checkReferences(teamId: string, query: SearchTasksQuery): Promise<void> {
  const related = query.related_to && query.related_record_type ? [relatedRecordKey[query.related_record_type](query.related_to)] : [];
  const owners = uniqueIds(query.owner_ids);
  if (!related.length && !owners.length) return;
  const found = await forTeam(teamId).getEach([...related, ...owners.map(memberKey)]);
  const details: ErrorDetail[] = [];
  if (related.length && !found[0]) details.push({ path: 'body.related_to', message: `Not a ${query.related_record_type === 'client' ? 'company' : query.related_record_type} of this team` });
  const missing = owners.filter((_owner, index) => !found[related.length + index]);
  if (missing.length) details.push({ path: 'body.owner_ids', message: `Not members of this team: ${missing.join(', ')}` });
  if (details.length) throw new ValidationError(details.length === 1 ? `Invalid search: ${(details[0] as ErrorDetail).message}` : `Invalid search: ${details.length} problems, see details`, details);
}

/**
 * `POST /v1/tasks/search`. Which partitions it reads (every cost grows with what is read):
 *
 * - `related_to`: the related record's partition (GSI2..GSI5), whole; every other filter and the
 *   sort in memory. Cost: that record's tasks.
 * - no filter besides `is_completed` / `include_left_campaign`, in creation or update order without
 *   `is_completed`, or in due-date order: index pages reading `offset + limit` items per partition
 *   (one partition, or the two completion states merged), totals from counters.
 * - due-date bounds: the range of the dated partitions of the states asked (GSI7) within the
 *   bounds. Cost: the tasks due within the bounds.
 * - `is_completed` with other filters or a creation / update order: that state's partitions
 *   (GSI7, dated and undated), whole. Cost: the tasks in that state.
 * - otherwise (keywords, task types, owners): every task that shows (GSI1 `TASK`), whole. Cost:
 *   the team's tasks.
 *
 * With `include_left_campaign` (and no `is_completed: true`), the hidden tasks (GSI1 `TASK#LEFT`)
 * are read whole as well and merged in.
 */
export async function searchTasks(teamId: string, query: SearchTasksQuery): Promise<{ items: Task[]; total: number }> {
  const bounds = dueBounds(query.due_date_start, query.due_date_end);
  checkShape(query, bounds);
  const [{ tasks, total }] = await Promise.all([findMatches(teamId, query, bounds), checkReferences(teamId, query)]);
  return { items: await renderTasks(teamId, tasks), total };
}

async function findMatches(teamId: string, query: SearchTasksQuery, bounds: DueBounds): Promise<{ tasks: Stored<StoredTask>[]; total: number }> {
  const terms = keywordTerms(query.keywords);
  const order = taskOrder(query.sort_by, query.sort_order);
  const matches = taskMatcher(query, terms, bounds);
  const states: TaskState[] = query.is_completed === undefined ? ['OPEN', 'DONE'] : [query.is_completed ? 'DONE' : 'OPEN'];
  const withLeft = query.include_left_campaign && query.is_completed !== true;
  const bounded = bounds.from !== undefined || bounds.to !== undefined;
  const filtered = terms.length > 0 || !!query.task_types?.length || !!query.owner_ids?.length || bounded;
  const inMemory = (candidates: Stored<StoredTask>[]) => {
    const found = distinct(candidates).filter(matches).sort(order);
    return { tasks: found.slice(query.offset, query.offset + query.limit), total: found.length };
  };

  if (query.related_to && query.related_record_type) return inMemory(await readTaskSource(teamId, taskSources.related(query.related_record_type, query.related_to)));
  if (!filtered && (states.length === 2 || query.sort_by === 'due_date')) return pageByIndex(teamId, query, states, withLeft);

  const sources: TaskSource[] = bounded
    ? states.map((state) => taskSources.dueWithin(state, bounds))
    : states.length === 1
      ? [taskSources.due(states[0] as TaskState, true), taskSources.due(states[0] as TaskState, false)]
      : [taskSources.shown('created_at')];
  if (withLeft) sources.push(taskSources.left());
  return inMemory((await Promise.all(sources.map((source) => readTaskSource(teamId, source)))).flat());
}

/**
 * An unfiltered search served by index pages. Creation and update order page GSI1 / GSI6 `TASK`
 * with the `TASK` counter as total. Due-date order reads the dated partitions of the states asked
 * (GSI7), then the undated ones, using their counters to skip whole partitions; two states are
 * merged, each read up to `offset + limit`. With `include_left_campaign`, the first
 * `offset + limit` shown tasks are merged with every hidden task.
 */
async function pageByIndex(teamId: string, query: SearchTasksQuery, states: TaskState[], withLeft: boolean): Promise<{ tasks: Stored<StoredTask>[]; total: number }> {
  const table = forTeam(teamId);
  const order = taskOrder(query.sort_by, query.sort_order);
  const ascending = query.sort_order === 'asc';
  const wanted = withLeft ? { offset: 0, limit: query.offset + query.limit } : { offset: query.offset, limit: query.limit };

  /** One page of several partitions merged in `order`: each is read up to `offset + limit`. */
  const readMerged = async (sources: TaskSource[], offset: number, limit: number): Promise<Stored<StoredTask>[]> => {
    const [only] = sources;
    if (sources.length === 1 && only) return readTaskSourcePage(teamId, only, { ascending, offset, limit });
    const lists = await Promise.all(sources.map((source) => readTaskSourcePage(teamId, source, { ascending, offset: 0, limit: offset + limit })));
    return distinct(lists.flat()).sort(order).slice(offset, offset + limit);
  };

  let shown: Stored<StoredTask>[];
  let total: number;
  if (query.sort_by === 'due_date') {
    const groups = [true, false].map((dated) => states.map((state) => taskSources.due(state, dated)));
    const counts = await Promise.all(groups.map(async (group) => (await Promise.all(group.map((source) => table.count(source.pk)))).reduce((sum, count) => sum + count, 0)));
    total = counts.reduce((sum, count) => sum + count, 0);
    shown = [];
    let skip = wanted.offset;
    let want = wanted.limit;
    for (const [position, group] of groups.entries()) {
      const size = counts[position] ?? 0;
      if (want <= 0) break;
      if (skip >= size) {
        skip -= size;
        continue;
      }
      const items = await readMerged(group, skip, Math.min(want, size - skip));
      shown.push(...items);
      want -= items.length;
      skip = 0;
    }
  } else {
    [shown, total] = await Promise.all([readTaskSourcePage(teamId, taskSources.shown(query.sort_by), { ascending, ...wanted }), table.count(taskPartitions.shown)]);
  }
  if (!withLeft) return { tasks: shown, total };
  const left = (await readTaskSource(teamId, taskSources.left())).filter(isHidden);
  const merged = distinct([...shown, ...left]).sort(order);
  return { tasks: merged.slice(query.offset, query.offset + query.limit), total: total + left.length };
}
