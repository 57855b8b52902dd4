import * as z from 'zod/mini';
import { eventWrite } from '../../events/event-outbox';
import { forTeam, splitMeta } from '../../db/repository';
import type { Stored, TeamTable, WriteOperation } from '../../db/repository';
import { ConflictError, NotFoundError } from '../../http/errors';
import { creationSortKey, newId, nowIso } from '../clock';
import { personKey } from '../persons/person-store';
import type { StoredPerson } from '../persons/person-store';
import { displayName, pageQueryShape, uniqueIds } from '../schemas';
import { raceAttempts } from '../tasks/retry';
import { addDeltas, changeTask, counterDeltas, counterWrites, getTasksById } from '../tasks/task-store';
import type { StoredTask } from '../tasks/task-store';
import { toCampaign, toCampaignMember } from './campaign-record';
import type { Campaign, CampaignMember } from './campaign-record';
import { campaignCounter, campaignIndexes, campaignKey, campaignPersonKey, findCampaign, hasLeft, isMember, listCampaignPersons, listCampaignsPage } from './campaign-store';
import type { StoredCampaign, StoredCampaignPerson } from './campaign-store';

/*
 * Membership (extensions.md section 2). Joining makes a person a member; leaving marks the standing
 * with `left_at`, and the person's tasks of the campaign move to the hidden partitions (open ones
 * stop showing in task search by default) in the same transaction; rejoining clears `left_at` and
 * moves them back. Bulk rules as for list items: every id is judged on its own (`invalid_id` for a
 * malformed id, `not_found` for an unknown, deleted or other team's person); an id given twice is
 * judged once.
 */

/** Most person ids one membership request takes. */
export const maxCampaignPersonIds = 100;

/** `{name}`: the only field of a campaign a client writes. */
export const createCampaignBody = z.strictObject({ name: displayName() });

/** `{person_ids}`: strings judged one by one, so a malformed id is reported, not a 400. */
export const campaignMembersBody = z.strictObject({
  person_ids: z.array(z.string()).check(z.minLength(1), z.maxLength(maxCampaignPersonIds)),
});
type CampaignMembersInput = z.output<typeof campaignMembersBody>;

export const listCampaignsQuery = z.object({ ...pageQueryShape });
export const listCampaignMembersQuery = z.object({ ...pageQueryShape });

const failedSchema = z.array(z.object({ id: z.string(), reason: z.enum(['invalid_id', 'not_found', 'conflict']) }));
type Failed = z.infer<typeof failedSchema>;

export const addedMembersSchema = z.object({ campaign_id: z.string(), added_ids: z.array(z.string()), already_present_ids: z.array(z.string()), failed: failedSchema });
export const leftMembersSchema = z.object({ campaign_id: z.string(), left_ids: z.array(z.string()), not_found_ids: z.array(z.string()), failed: failedSchema });

const uuidShape = z.uuid();
const standingChanged = "The person's standing in the campaign changed concurrently; retry";
const taskChanged = 'A task of the person changed concurrently; retry';
/** Items of one transaction (DynamoDB's limit). */
const transactionItems = 100;

/** `POST /v1/campaigns`: the campaign and its count, together. */
export async function createCampaign(teamId: string, input: z.output<typeof createCampaignBody>): Promise<Campaign> {
  const now = nowIso();
  const campaign: StoredCampaign = { id: newId(), name: input.name, member_count: 0, created_at: now, updated_at: now };
  const table = forTeam(teamId);
  const sort = creationSortKey();
  await table.write([
    table.create(campaignKey(campaign.id), { ...campaign, created_sort: sort }, { entity: 'CAMPAIGN', indexes: campaignIndexes(sort), conflictMessage: 'Campaign id collision' }),
    table.increment(campaignCounter, 1),
    eventWrite(table, { type: 'campaign.created', subject: 'plain', snapshot: toCampaign(campaign), timestamp: now }),
  ]);
  return toCampaign(campaign);
}

/** `GET /v1/campaigns/{id}`. */
export async function getCampaign(teamId: string, id: string): Promise<Campaign> {
  const campaign = await findCampaign(teamId, id);
  if (!campaign) throw new NotFoundError('Campaign');
  return toCampaign(campaign);
}

/** `GET /v1/campaigns`: a page of GSI1 in creation order, newest first, total from the counter. */
export async function listCampaigns(teamId: string, page: { offset: number; limit: number }): Promise<{ items: Campaign[]; total: number }> {
  const [campaigns, total] = await Promise.all([listCampaignsPage(teamId, { ascending: false, ...page }), forTeam(teamId).count(campaignCounter)]);
  return { items: campaigns.map(toCampaign), total };
}

/**
 * `GET /v1/campaigns/{id}/members`: everyone who joined, members and former members, in the order
 * they (last) joined. Reads the campaign's collection (one `Query`), so it grows with the persons
 * the campaign concerns.
 */
export async function listCampaignMembers(teamId: string, campaignId: string, page: { offset: number; limit: number }): Promise<{ items: CampaignMember[]; total: number }> {
  const [campaign, standings] = await Promise.all([findCampaign(teamId, campaignId), listCampaignPersons(teamId, campaignId)]);
  if (!campaign) throw new NotFoundError('Campaign');
  const joined = standings
    .filter((standing): standing is Stored<StoredCampaignPerson> & { joined_at: string } => standing.joined_at !== null)
    .sort((a, b) => (a.joined_at < b.joined_at ? -1 : a.joined_at > b.joined_at ? 1 : a.person_id < b.person_id ? -1 : 1));
  return { items: joined.slice(page.offset, page.offset + page.limit).map(toCampaignMember), total: joined.length };
}

/** What one person's membership change writes: the standing, the person's tasks, and the counts they move. */
interface PersonChange {
  personId: string;
  writes: WriteOperation[];
  counters: Map<string, number>;
}

type Outcome = 'changed' | 'unchanged' | Failed[number]['reason'];

/**
 * Judges each person and builds the writes of those whose membership changes: the person (live,
 * the team's) and the standing come from one `BatchGetItem` (up to 200 keys), the tasks to move
 * from another. Joining a person who left, or leaving, rewrites the left flag of each of the
 * person's tasks of the campaign at the version read, moving it between shown and hidden
 * partitions.
 */
async function planChanges(table: TeamTable, campaignId: string, personIds: string[], joining: boolean, now: string): Promise<{ outcomes: Map<string, Outcome>; changes: PersonChange[] }> {
  const found = await table.getEach<Record<string, unknown>>([...personIds.map(personKey), ...personIds.map((id) => campaignPersonKey(campaignId, id))]);
  const person = (index: number) => found[index] as Stored<StoredPerson> | undefined;
  const standing = (index: number) => found[personIds.length + index] as Stored<StoredCampaignPerson> | undefined;
  const moving = personIds.flatMap((_id, index) => {
    const current = standing(index);
    return current && (joining ? hasLeft(current) : isMember(current)) ? current.task_ids : [];
  });
  const tasks = await getTasksById(table.teamId, moving);

  const outcomes = new Map<string, Outcome>();
  const changes: PersonChange[] = [];
  for (const [index, personId] of personIds.entries()) {
    const record = person(index);
    const current = standing(index);
    if (!record || record.deleted_at) {
      outcomes.set(personId, 'not_found');
      continue;
    }
    if (joining ? isMember(current) : !isMember(current)) {
      outcomes.set(personId, 'unchanged');
      continue;
    }
    outcomes.set(personId, 'changed');
    const key = campaignPersonKey(campaignId, personId);
    const writes: WriteOperation[] = [];
    if (!current) {
      const created: StoredCampaignPerson = { campaign_id: campaignId, person_id: personId, joined_at: now, left_at: null, task_ids: [], created_at: now, updated_at: now };
      writes.push(table.create(key, { ...created }, { entity: 'CAMPAIGN_PERSON', conflictMessage: standingChanged }));
    } else {
      const change = joining ? { joined_at: now, left_at: null, updated_at: now } : { left_at: now, updated_at: now };
      writes.push(table.update(key, current.version, change, { conflictMessage: standingChanged }));
    }
    const counters = new Map<string, number>();
    const left = !joining;
    for (const taskId of current?.task_ids ?? []) {
      const task = tasks.get(taskId);
      if (!task || task.campaign_id !== campaignId || task.person_id !== personId || task.left_campaign === left) continue;
      const { record: fields } = splitMeta(task);
      const next: StoredTask = { ...fields, left_campaign: left };
      writes.push(changeTask(table, task, next, taskChanged, now));
      addDeltas(counters, counterDeltas(fields, next));
    }
    changes.push({ personId, writes, counters });
  }
  return { outcomes, changes };
}

/**
 * Writes the changes in as few transactions as fit (each person's writes stay together, with the
 * counters summed and one `member_count` adjustment per transaction). A transaction that loses a
 * race writes nothing; its persons are returned to be judged again.
 */
async function commit(table: TeamTable, campaignId: string, changes: PersonChange[], joining: boolean): Promise<string[]> {
  const packs: PersonChange[][] = [];
  let pack: PersonChange[] = [];
  let writes = 0;
  let counters = new Set<string>();
  for (const change of changes) {
    const merged = new Set([...counters, ...change.counters.keys()]);
    // Beside the persons' writes and the counters: the member_count adjustment and the event.
    if (pack.length && writes + change.writes.length + merged.size + 2 > transactionItems) {
      packs.push(pack);
      pack = [];
      writes = 0;
      counters = new Set(change.counters.keys());
    } else counters = merged;
    pack.push(change);
    writes += change.writes.length;
  }
  if (pack.length) packs.push(pack);

  const lost: string[] = [];
  for (const members of packs) {
    const deltas = members.reduce((sum, change) => addDeltas(sum, change.counters), new Map<string, number>());
    try {
      await table.write([
        ...members.flatMap((change) => change.writes),
        ...counterWrites(table, deltas),
        table.adjust(campaignKey(campaignId), 'member_count', joining ? members.length : -members.length, { conflictMessage: 'The campaign changed concurrently; retry' }),
        joining
          ? eventWrite(table, { type: 'campaign.members_added', subject: 'plain', snapshot: { campaign_id: campaignId, added_ids: members.map((change) => change.personId) } })
          : eventWrite(table, { type: 'campaign.members_left', subject: 'plain', snapshot: { campaign_id: campaignId, left_ids: members.map((change) => change.personId) } }),
      ]);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      lost.push(...members.map((change) => change.personId));
    }
  }
  return lost;
}

/**
 * Joins or leaves each valid person, re-judging the persons of a transaction that lost a race
 * (up to three rounds; still losing, they are reported failed with reason `conflict`).
 */
async function changeMembership(teamId: string, campaignId: string, input: CampaignMembersInput, joining: boolean) {
  const table = forTeam(teamId);
  const ids = uniqueIds(input.person_ids);
  const outcomes = new Map<string, Outcome>();
  for (const id of ids) if (!uuidShape.safeParse(id).success) outcomes.set(id, 'invalid_id');
  if (!(await findCampaign(teamId, campaignId))) throw new NotFoundError('Campaign');
  let pending = ids.filter((id) => !outcomes.has(id));
  for (let round = 1; pending.length && round <= raceAttempts; round += 1) {
    const plan = await planChanges(table, campaignId, pending, joining, nowIso());
    for (const [id, outcome] of plan.outcomes) outcomes.set(id, outcome);
    pending = plan.changes.length ? await commit(table, campaignId, plan.changes, joining) : [];
  }
  for (const id of pending) outcomes.set(id, 'conflict');
  const withOutcome = (outcome: Outcome) => ids.filter((id) => outcomes.get(id) === outcome);
  const failed: Failed = ids.flatMap((id) => {
    const outcome = outcomes.get(id);
    return outcome === 'invalid_id' || outcome === 'not_found' || outcome === 'conflict' ? [{ id, reason: outcome }] : [];
  });
  return { changed: withOutcome('changed'), unchanged: withOutcome('unchanged'), failed };
}

/**
 * `POST /v1/campaigns/{id}/members`: persons not yet members join (again, when they left: their
 * tasks of the campaign show again); current members are reported in `already_present_ids`.
 */
export async function addCampaignMembers(teamId: string, campaignId: string, input: CampaignMembersInput): Promise<z.infer<typeof addedMembersSchema>> {
  const { changed, unchanged, failed } = await changeMembership(teamId, campaignId, input, true);
  return { campaign_id: campaignId, added_ids: changed, already_present_ids: unchanged, failed };
}

/**
 * `DELETE /v1/campaigns/{id}/members`: current members leave (`left_at`; their open tasks of the
 * campaign are hidden from task search by default); persons of the team who are not members
 * (never joined, or left already) are reported in `not_found_ids`.
 */
export async function removeCampaignMembers(teamId: string, campaignId: string, input: CampaignMembersInput): Promise<z.infer<typeof leftMembersSchema>> {
  const { changed, unchanged, failed } = await changeMembership(teamId, campaignId, input, false);
  return { campaign_id: campaignId, left_ids: changed, not_found_ids: unchanged, failed };
}
