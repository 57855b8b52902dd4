import * as z from 'zod/mini';
import { eventWrite } from '../../events/event-outbox';
import { forTeam, splitMeta } from '../../db/repository';
import type { TeamKey, TeamTable, WriteOperation } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { campaignKey, campaignPersonKey, hasLeft, maxCampaignTasksPerPerson } from '../campaigns/campaign-store';
import type { StoredCampaignPerson } from '../campaigns/campaign-store';
import { creationSortKey, newId, nowIso } from '../clock';
import { companyKey } from '../companies/company-store';
import { dealKey } from '../deals/deal-store';
import { jobKey } from '../jobs/job-store';
import { personKey } from '../persons/person-store';
import { timestampOrDate, uniqueIds } from '../schemas';
import { memberKey } from '../team-members';
import { retryingRaces } from './retry';
import { renderTasks } from './task-record';
import type { Task } from './task-record';
import { changeTask, counterDeltas, counterWrites, findTask, putTask, taskTypes } from './task-store';
import type { RelatedRecordType, StoredTask } from './task-store';

/** Longest `content_text` accepted. */
export const maxTaskContentLength = 10_000;
/** Most owners of one task. */
export const maxTaskOwners = 20;

const relationId = () => z.optional(z.nullable(z.uuid()));

/** The writable fields of a task besides content and type (extensions.md section 3), shared by create and update. */
const taskFields = {
  /** ISO 8601 date-time (any offset, stored in UTC with milliseconds) or a plain date (midnight UTC); null for none. */
  due_date: z.optional(z.nullable(timestampOrDate())),
  is_completed: z.optional(z.boolean()),
  person_id: relationId(),
  deal_id: relationId(),
  client_id: relationId(),
  job_id: relationId(),
  owner_ids: z.optional(z.array(z.uuid()).check(z.maxLength(maxTaskOwners))),
  campaign_id: relationId(),
};
const contentText = () => z.string().check(z.minLength(1), z.maxLength(maxTaskContentLength));

export const createTaskBody = z.strictObject({ content_text: contentText(), task_type: z.enum(taskTypes), ...taskFields });
export const updateTaskBody = z.strictObject({ content_text: z.optional(contentText()), task_type: z.optional(z.enum(taskTypes)), ...taskFields });
type TaskInput = z.output<typeof updateTaskBody>;

/** The key of the record a relation names (a client is a company). */
export const relatedRecordKey: Record<RelatedRecordType, (id: string) => TeamKey> = { person: personKey, deal: dealKey, client: companyKey, job: jobKey };

/** The records a task body may name: each must be a live record of the team. */
const references = [
  { field: 'person_id', key: personKey, what: 'person' },
  { field: 'deal_id', key: dealKey, what: 'deal' },
  { field: 'client_id', key: companyKey, what: 'company' },
  { field: 'job_id', key: jobKey, what: 'job' },
  { field: 'campaign_id', key: campaignKey, what: 'campaign' },
] as const;

const changedConcurrently = 'The task changed concurrently; retry';
const standingChanged = "The person's standing in the campaign changed concurrently; retry";

function refuse(details: ErrorDetail[]): void {
  if (details.length) throw new ValidationError(details.length === 1 ? `Invalid task: ${(details[0] as ErrorDetail).message}` : `Invalid task: ${details.length} problems, see details`, details);
}

/**
 * Merges `input` into `current` (or a new task with id `id`) and checks, with one `BatchGetItem`,
 * that every record the input names is a live record of the team (person, deal, client company,
 * job, campaign) and every owner a member. Problems are added to `details`.
 */
async function applyTaskInput(teamId: string, id: string, current: StoredTask | undefined, input: TaskInput, now: string, details: ErrorDetail[]): Promise<StoredTask> {
  const ownerIds = input.owner_ids === undefined ? [] : uniqueIds(input.owner_ids);
  const named = references.filter((reference) => typeof input[reference.field] === 'string');
  const keys = [...named.map((reference) => reference.key(input[reference.field] as string)), ...ownerIds.map(memberKey)];
  const found = keys.length ? await forTeam(teamId).getEach<{ deleted_at?: string | null }>(keys) : [];
  named.forEach((reference, index) => {
    const item = found[index];
    if (!item || item.deleted_at) details.push({ path: `body.${reference.field}`, message: `Not a ${reference.what} of this team` });
  });
  const missingOwners = ownerIds.filter((_owner, index) => !found[named.length + index]);
  if (missingOwners.length) details.push({ path: 'body.owner_ids', message: `Not members of this team: ${missingOwners.join(', ')}` });

  const base: StoredTask = current ?? {
    id,
    content_text: '',
    task_type: 'other',
    due_date: null,
    is_completed: false,
    person_id: null,
    deal_id: null,
    client_id: null,
    job_id: null,
    owner_ids: [],
    campaign_id: null,
    left_campaign: false,
    created_at: now,
    updated_at: now,
  };
  const task: StoredTask = { ...base, updated_at: now };
  if (input.content_text !== undefined) task.content_text = input.content_text;
  if (input.task_type !== undefined) task.task_type = input.task_type;
  if (input.due_date !== undefined) task.due_date = input.due_date;
  if (input.is_completed !== undefined) task.is_completed = input.is_completed;
  for (const { field } of references) if (input[field] !== undefined) task[field] = input[field];
  if (input.owner_ids !== undefined) task.owner_ids = ownerIds;
  return task;
}

/** The campaign and person whose standing decides whether a task is hidden; none without both. */
function standingOf(task: StoredTask | undefined): { campaignId: string; personId: string } | undefined {
  return task?.campaign_id && task.person_id ? { campaignId: task.campaign_id, personId: task.person_id } : undefined;
}

/**
 * The writes that keep the campaign standings a task belongs to (see campaign-store.ts) in step
 * with a task going from `before` to `after` (`undefined`: not stored, or deleted), and whether
 * `after`'s person has left `after`'s campaign. When the standing stays the same nothing is written:
 * the task's own version guards it (a membership change rewrites the task). Otherwise the old
 * standing drops the task and the new one adds it (created when the campaign never concerned the
 * person), each at the version read, so a concurrent join or leave makes one side retry.
 */
async function standingWrites(table: TeamTable, taskId: string, before: StoredTask | undefined, after: StoredTask | undefined, now: string, details: ErrorDetail[]): Promise<{ writes: WriteOperation[]; left: boolean }> {
  const from = standingOf(before);
  const to = standingOf(after);
  if (from?.campaignId === to?.campaignId && from?.personId === to?.personId) return { writes: [], left: !!to && !!before?.left_campaign };
  const [fromItem, toItem] = await Promise.all([
    from ? table.get<StoredCampaignPerson>(campaignPersonKey(from.campaignId, from.personId)) : undefined,
    to ? table.get<StoredCampaignPerson>(campaignPersonKey(to.campaignId, to.personId)) : undefined,
  ]);
  const writes: WriteOperation[] = [];
  if (from && fromItem) {
    writes.push(table.update(campaignPersonKey(from.campaignId, from.personId), fromItem.version, { task_ids: fromItem.task_ids.filter((id) => id !== taskId), updated_at: now }, { conflictMessage: standingChanged }));
  }
  if (!to) return { writes, left: false };
  if (!toItem) {
    const standing: StoredCampaignPerson = { campaign_id: to.campaignId, person_id: to.personId, joined_at: null, left_at: null, task_ids: [taskId], created_at: now, updated_at: now };
    writes.push(table.create(campaignPersonKey(to.campaignId, to.personId), { ...standing }, { entity: 'CAMPAIGN_PERSON', conflictMessage: standingChanged }));
    return { writes, left: false };
  }
  if (toItem.task_ids.length >= maxCampaignTasksPerPerson) details.push({ path: 'body.campaign_id', message: `The person already has ${maxCampaignTasksPerPerson} tasks in this campaign` });
  writes.push(table.update(campaignPersonKey(to.campaignId, to.personId), toItem.version, { task_ids: [...toItem.task_ids.filter((id) => id !== taskId), taskId], updated_at: now }, { conflictMessage: standingChanged }));
  return { writes, left: hasLeft(toItem) };
}

/**
 * `POST /v1/tasks`: stores a task with its index entries, its counts and its place in its
 * campaign standing, in one transaction. A task of a person who has left its campaign is created
 * hidden. Retried when a membership change of that campaign and person wins the race.
 */
export async function createTask(teamId: string, input: z.output<typeof createTaskBody>): Promise<Task> {
  const table = forTeam(teamId);
  const id = newId();
  return retryingRaces(async () => {
    const now = nowIso();
    const details: ErrorDetail[] = [];
    const task = await applyTaskInput(teamId, id, undefined, input, now, details);
    const { writes, left } = await standingWrites(table, id, undefined, task, now, details);
    refuse(details);
    task.left_campaign = left;
    await table.write([
      putTask(table, task, creationSortKey()),
      ...counterWrites(table, counterDeltas(undefined, task)),
      ...writes,
      eventWrite(table, { type: 'task.created', subject: 'task', snapshot: task, timestamp: now }),
    ]);
    return (await renderTasks(teamId, [task]))[0] as Task;
  });
}

/**
 * `PATCH /v1/tasks/{id}`: changes the fields given, at the version read (optimistic concurrency);
 * the task moves between index partitions and counts as its state requires (completing a hidden
 * task shows it again). A write that lost a race is re-read and re-applied, up to three times.
 */
export async function updateTask(teamId: string, id: string, input: TaskInput): Promise<Task> {
  const table = forTeam(teamId);
  return retryingRaces(async () => {
    const current = await findTask(teamId, id);
    if (!current) throw new NotFoundError('Task');
    const { record } = splitMeta(current);
    const now = nowIso();
    const details: ErrorDetail[] = [];
    const task = await applyTaskInput(teamId, id, record, input, now, details);
    const { writes, left } = await standingWrites(table, id, record, task, now, details);
    refuse(details);
    task.left_campaign = left;
    await table.write([
      changeTask(table, current, task, changedConcurrently, now),
      ...counterWrites(table, counterDeltas(record, task)),
      ...writes,
      eventWrite(table, { type: 'task.updated', subject: 'task', snapshot: task, timestamp: now }),
      ...(task.is_completed && !record.is_completed ? [eventWrite(table, { type: 'task.completed', subject: 'task', snapshot: task, timestamp: now })] : []),
    ]);
    return (await renderTasks(teamId, [task]))[0] as Task;
  });
}

/** `DELETE /v1/tasks/{id}`: marks the task deleted; it leaves every index, count and campaign standing. */
export async function deleteTask(teamId: string, id: string): Promise<void> {
  const table = forTeam(teamId);
  await retryingRaces(async () => {
    const current = await findTask(teamId, id);
    if (!current) throw new NotFoundError('Task');
    const { record } = splitMeta(current);
    const now = nowIso();
    const { writes } = await standingWrites(table, id, record, undefined, now, []);
    await table.write([
      changeTask(table, current, undefined, changedConcurrently, now),
      ...counterWrites(table, counterDeltas(record, undefined)),
      ...writes,
      eventWrite(table, { type: 'task.deleted', subject: 'task', snapshot: { ...record, updated_at: now }, extra: { deleted_at: now }, timestamp: now }),
    ]);
  });
}
