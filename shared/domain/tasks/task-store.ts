import { forTeam } from '../../db/repository';
import type { Stored, TeamIndexKeys, TeamTable, WriteOperation } from '../../db/repository';
import { tableDefinition } from '../../db/table';
import type { IndexName } from '../../db/table';

/*
 * A task is one item `TEAM#<t>#TASK#<id>` / `TASK` (entity `TASK`). Its index entries:
 *
 * - GSI2..GSI5, one per relation kind (a task may relate to a person, a deal, a client and a job at
 *   once): `TASK#PERSON#<id>`, `TASK#DEAL#<id>`, `TASK#CLIENT#<id>`, `TASK#JOB#<id>`, by creation.
 *   Every live task of a record, shown or hidden, so `related_to` reads only that record's tasks.
 * - Team-wide, for a task that shows by default: GSI1 `TASK` by creation, GSI6 `TASK` by last
 *   update, GSI7 by due date in one of four partitions `TASK#<OPEN|DONE>#<DUE|UNDATED>` (dated ones
 *   by `<due_date>#<creation ULID>`, undated ones by creation).
 * - Team-wide, for a hidden task (open, and its person has left its campaign): GSI1 `TASK#LEFT` only.
 *
 * So an unfiltered search pages one index partition and takes its total from a counter, and the
 * campaign rule costs nothing at read time: campaign membership changes move the tasks concerned
 * between `TASK…` and `TASK#LEFT` (see campaign-service.ts), as do completing and reopening a task
 * whose person has left. Counters: `TASK` (every task that shows by default) and one per GSI7
 * partition. Deleted tasks (`deleted_at`) leave every index and counter.
 */

/** The task types of the specification (`task_type`). */
export const taskTypes = ['text', 'social_message', 'social_connection', 'call', 'other'] as const;
export type TaskType = (typeof taskTypes)[number];

/** The kinds of record a task relates to (`related_record_type` of the search). */
export const relatedRecordTypes = ['person', 'deal', 'client', 'job'] as const;
export type RelatedRecordType = (typeof relatedRecordTypes)[number];

/** A task as stored. */
export interface StoredTask {
  id: string;
  content_text: string;
  task_type: TaskType;
  /** ISO 8601 UTC timestamp with milliseconds, or null. */
  due_date: string | null;
  is_completed: boolean;
  person_id: string | null;
  deal_id: string | null;
  client_id: string | null;
  job_id: string | null;
  owner_ids: string[];
  campaign_id: string | null;
  /**
   * True while the task's person has left the task's campaign. Kept by campaign membership changes
   * (never by clients); an open task with it set is hidden from searches by default.
   */
  left_campaign: boolean;
  created_at: string;
  updated_at: string;
}

/** Key of a task record: `TEAM#<t>#TASK#<id>` / `TASK`. */
export const taskKey = (id: string) => ({ pk: `TASK#${id}`, sk: 'TASK' });

/** The index holding each relation kind, and the stored field naming the related record. */
export const relationIndex: Record<RelatedRecordType, IndexName> = { person: 'GSI2', deal: 'GSI3', client: 'GSI4', job: 'GSI5' };
const relationField = { person: 'person_id', deal: 'deal_id', client: 'client_id', job: 'job_id' } as const satisfies Record<RelatedRecordType, keyof StoredTask>;

/** Completion state, as the due-date partitions split it. */
export type TaskState = 'OPEN' | 'DONE';

/** Partitions (within the team) of the task indexes; also the names of their counters. */
export const taskPartitions = {
  /** GSI1 by creation and GSI6 by update: every task that shows by default. Counted. */
  shown: 'TASK',
  /** GSI1 by creation: the hidden tasks. Not counted (read whole when asked for). */
  left: 'TASK#LEFT',
  /** GSI7: shown tasks of one completion state, with a due date (by due date) or without (by creation). Counted. */
  due: (state: TaskState, dated: boolean) => `TASK#${state}#${dated ? 'DUE' : 'UNDATED'}`,
  /** GSI2..GSI5: every live task related to one record, by creation. */
  related: (type: RelatedRecordType, id: string) => `TASK#${type.toUpperCase()}#${id}`,
};

/** The completion state a task is filed under in the due-date partitions. */
export const taskState = (task: Pick<StoredTask, 'is_completed'>): TaskState => (task.is_completed ? 'DONE' : 'OPEN');

/** An open task whose person has left its campaign: omitted from searches unless `include_left_campaign`. */
export function isHidden(task: Pick<StoredTask, 'left_campaign' | 'is_completed'>): boolean {
  return task.left_campaign && !task.is_completed;
}

/**
 * The sort keys of the task indexes, rebuilt from a stored task (reads do not return index keys),
 * so an in-memory sort orders exactly like the index: by creation ULID; by `<updated_at>#<ULID>`;
 * by `<due_date>#<ULID>` (undated tasks by their ULID, in a partition of their own).
 */
export const taskSortKeys = {
  created_at: (task: { created_sort?: string }) => task.created_sort ?? '',
  updated_at: (task: Pick<StoredTask, 'updated_at'> & { created_sort?: string }) => `${task.updated_at}#${task.created_sort ?? ''}`,
  due_date: (task: Pick<StoredTask, 'due_date'> & { created_sort?: string }) => (task.due_date ? `${task.due_date}#${task.created_sort ?? ''}` : (task.created_sort ?? '')),
};

/** Every index entry of a live task in its current state (see the comment at the top). */
export function taskIndexes(task: StoredTask, createdSort: string): TeamIndexKeys {
  const indexes: TeamIndexKeys = {};
  for (const type of relatedRecordTypes) {
    const id = task[relationField[type]];
    if (id) indexes[relationIndex[type]] = { pk: taskPartitions.related(type, id), sk: createdSort };
  }
  if (isHidden(task)) {
    indexes.GSI1 = { pk: taskPartitions.left, sk: createdSort };
    return indexes;
  }
  const sorted = { ...task, created_sort: createdSort };
  indexes.GSI1 = { pk: taskPartitions.shown, sk: createdSort };
  indexes.GSI6 = { pk: taskPartitions.shown, sk: taskSortKeys.updated_at(sorted) };
  indexes.GSI7 = { pk: taskPartitions.due(taskState(task), task.due_date !== null), sk: taskSortKeys.due_date(sorted) };
  return indexes;
}

const allIndexes: IndexName[] = tableDefinition.indexes.map((index) => index.name);

/** The indexes a task in this state is not in (to remove on an update). */
export function absentIndexes(indexes: TeamIndexKeys): IndexName[] {
  return allIndexes.filter((name) => !indexes[name]);
}

/** The counters a task is counted in: none while hidden or deleted (`undefined`). */
export function taskCounters(task: StoredTask | undefined): string[] {
  if (!task || isHidden(task)) return [];
  return [taskPartitions.shown, taskPartitions.due(taskState(task), task.due_date !== null)];
}

/** What the counters must change by when a task goes from `before` to `after` (`undefined`: absent or deleted). */
export function counterDeltas(before: StoredTask | undefined, after: StoredTask | undefined): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const counter of taskCounters(before)) deltas.set(counter, (deltas.get(counter) ?? 0) - 1);
  for (const counter of taskCounters(after)) deltas.set(counter, (deltas.get(counter) ?? 0) + 1);
  for (const [counter, delta] of deltas) if (delta === 0) deltas.delete(counter);
  return deltas;
}

/** Adds `more` into `deltas` (the counters of several task writes in one transaction). */
export function addDeltas(deltas: Map<string, number>, more: Map<string, number>): Map<string, number> {
  for (const [counter, delta] of more) deltas.set(counter, (deltas.get(counter) ?? 0) + delta);
  return deltas;
}

/** One increment per counter that changes. */
export function counterWrites(table: TeamTable, deltas: Map<string, number>): WriteOperation[] {
  return [...deltas].filter(([, delta]) => delta !== 0).map(([counter, delta]) => table.increment(counter, delta));
}

/** The write that stores a new task with its index entries (its counters are {@link counterDeltas} from nothing). */
export function putTask(table: TeamTable, task: StoredTask, createdSort: string): WriteOperation {
  return table.create(taskKey(task.id), { ...task, created_sort: createdSort }, { entity: 'TASK', indexes: taskIndexes(task, createdSort), conflictMessage: 'Task id collision' });
}

/**
 * The write that changes a task read at `current` into `next` (only at the version read), moving
 * its index entries to match; `next` undefined marks it deleted and takes it out of every index.
 */
export function changeTask(table: TeamTable, current: Stored<StoredTask>, next: StoredTask | undefined, conflictMessage: string, now: string): WriteOperation {
  if (!next) return table.update(taskKey(current.id), current.version, { deleted_at: now, updated_at: now }, { conflictMessage, removeIndexes: allIndexes });
  const { id: _id, created_at: _created, ...changes } = next;
  const indexes = taskIndexes(next, current.created_sort ?? '');
  return table.update(taskKey(current.id), current.version, changes, { conflictMessage, indexes, removeIndexes: absentIndexes(indexes) });
}

/** `GetItem` of a live task; `undefined` when missing, deleted or another team's. */
export async function findTask(teamId: string, id: string): Promise<Stored<StoredTask> | undefined> {
  const task = await forTeam(teamId).get<StoredTask>(taskKey(id));
  return task && !task.deleted_at ? task : undefined;
}

/** The live tasks among `ids` (one `BatchGetItem` per 100), by id. */
export async function getTasksById(teamId: string, ids: Iterable<string>): Promise<Map<string, Stored<StoredTask>>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const tasks = await forTeam(teamId).getMany<StoredTask>(unique.map(taskKey));
  return new Map(tasks.filter((task) => !task.deleted_at).map((task) => [task.id, task]));
}

/** One ordered index partition of tasks. */
export interface TaskSource {
  index: IndexName;
  pk: string;
  /** Only the sort keys in this range (inclusive). */
  between?: { from: string; to: string };
}

/** The partitions a search can read, by purpose. */
export const taskSources = {
  /** Shown tasks by creation (GSI1) or by last update (GSI6). */
  shown: (sortBy: 'created_at' | 'updated_at'): TaskSource => ({ index: sortBy === 'created_at' ? 'GSI1' : 'GSI6', pk: taskPartitions.shown }),
  left: (): TaskSource => ({ index: 'GSI1', pk: taskPartitions.left }),
  due: (state: TaskState, dated: boolean): TaskSource => ({ index: 'GSI7', pk: taskPartitions.due(state, dated) }),
  /**
   * Dated tasks of one state due within inclusive ISO bounds: the range of GSI7 sort keys
   * `<due_date>#<ULID>` from the start to just after every key of the end instant.
   */
  dueWithin: (state: TaskState, bounds: { from?: string; to?: string }): TaskSource => ({
    index: 'GSI7',
    pk: taskPartitions.due(state, true),
    between: { from: bounds.from ?? '0', to: `${bounds.to ?? '9999'}#~` },
  }),
  related: (type: RelatedRecordType, id: string): TaskSource => ({ index: relationIndex[type], pk: taskPartitions.related(type, id) }),
};

/** Every task of one partition (all pages): its cost grows with the partition (see each use). */
export async function readTaskSource(teamId: string, source: TaskSource): Promise<Stored<StoredTask>[]> {
  const tasks = await forTeam(teamId).queryIndex<StoredTask>({ index: source.index, pk: source.pk, ...(source.between ? { between: source.between } : {}) });
  return tasks.filter((task) => !task.deleted_at);
}

/** One page of one partition in index order, reading `offset + limit` items at most. */
export async function readTaskSourcePage(teamId: string, source: TaskSource, page: { ascending: boolean; offset: number; limit: number }): Promise<Stored<StoredTask>[]> {
  if (page.limit <= 0) return [];
  return forTeam(teamId).queryPage<StoredTask>({ index: source.index, pk: source.pk, ...page });
}
