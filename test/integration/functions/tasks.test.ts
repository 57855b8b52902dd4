import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from '../../../infra/local/seed';
import type { SeededTeam } from '../../../infra/local/seed';
import { addTeamMember } from '../../../shared/domain/team-members';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';
import { markPersonDeleted, storePerson } from '../../support/persons';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The records a task can relate to, created for one team. */
async function relatedRecords(team: SeededTeam, label: string) {
  const person = await storePerson(team.team_id, { name: `${label} person` });
  const deal = (await api.request('POST', '/v1/deals', { token: team.api_key, body: { name: `${label} deal` } })).body.data as { id: string };
  const client = (await api.request('POST', '/v1/companies', { token: team.api_key, body: { name: `${label} client`, is_client: true } })).body.data as { id: string };
  const job = (await api.request('POST', '/v1/jobs', { token: team.session_token, body: { name: `${label} job` } })).body.data as { id: string };
  const campaign = (await api.request('POST', '/v1/campaigns', { token: team.api_key, body: { name: `${label} campaign` } })).body.data as { id: string };
  return { person, deal, client, job, campaign };
}

describe('POST, PATCH and DELETE /v1/tasks', () => {
  it('creates a task with every field and answers the full record with its owners named (201)', async () => {
    const records = await relatedRecords(api.teamA, 'Full');
    const created = await api.request('POST', '/v1/tasks', {
      body: {
        content_text: 'Call Ana about the offer',
        task_type: 'call',
        due_date: '2026-03-10T10:30:00+01:00',
        is_completed: false,
        person_id: records.person.id,
        deal_id: records.deal.id,
        client_id: records.client.id,
        job_id: records.job.id,
        owner_ids: [api.teamA.team_member_id, api.teamA.team_member_id],
        campaign_id: records.campaign.id,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: {
        id: uuid,
        content_text: 'Call Ana about the offer',
        task_type: 'call',
        due_date: '2026-03-10T09:30:00.000Z',
        is_completed: false,
        person_id: records.person.id,
        deal_id: records.deal.id,
        client_id: records.client.id,
        job_id: records.job.id,
        created_at: timestamp,
        updated_at: created.body.data.created_at,
        owners: [{ id: api.teamA.team_member_id, first_name: 'Dana', last_name: 'Demo' }],
        campaign_id: records.campaign.id,
      },
    });
  });

  it('defaults every optional field: no due date, open, no relations, no owners, no campaign', async () => {
    const created = await api.request('POST', '/v1/tasks', { body: { content_text: 'Bare task', task_type: 'other', due_date: '2026-05-01' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ due_date: '2026-05-01T00:00:00.000Z', is_completed: false, person_id: null, deal_id: null, client_id: null, job_id: null, owners: [], campaign_id: null });
    expect(Object.keys(created.body.data).sort()).toEqual(['campaign_id', 'client_id', 'content_text', 'created_at', 'deal_id', 'due_date', 'id', 'is_completed', 'job_id', 'owners', 'person_id', 'task_type', 'updated_at']);
    const noDue = await api.request('POST', '/v1/tasks', { body: { content_text: 'No due', task_type: 'text' } });
    expect(noDue.body.data.due_date).toBeNull();
  });

  it.each([
    [{ task_type: 'call' }, ['body.content_text']],
    [{ content_text: 'x' }, ['body.task_type']],
    [{ content_text: '', task_type: 'call' }, ['body.content_text']],
    [{ content_text: 'x', task_type: 'email' }, ['body.task_type']],
    [{ content_text: 'x', task_type: 'call', due_date: 'next week' }, ['body.due_date']],
    [{ content_text: 'x', task_type: 'call', person_id: 'abc' }, ['body.person_id']],
    [{ content_text: 'x', task_type: 'call', owner_ids: 'me' }, ['body.owner_ids']],
    [{ content_text: 'x', task_type: 'call', is_completed: 'yes' }, ['body.is_completed']],
    [{ content_text: 'x', task_type: 'call', priority: 'high' }, ['body.priority']],
  ])('refuses %j with 400 naming %j', async (body, paths) => {
    const response = await api.request('POST', '/v1/tasks', { body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(paths);
  });

  it("refuses another team's person, deal, client, job, campaign and owners with 400 naming each", async () => {
    const theirs = await relatedRecords(api.teamB, 'Theirs');
    const response = await api.request('POST', '/v1/tasks', {
      body: { content_text: 'Not mine', task_type: 'call', person_id: theirs.person.id, deal_id: theirs.deal.id, client_id: theirs.client.id, job_id: theirs.job.id, campaign_id: theirs.campaign.id, owner_ids: [api.teamB.team_member_id] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['body.campaign_id', 'body.client_id', 'body.deal_id', 'body.job_id', 'body.owner_ids', 'body.person_id']);
    const search = await api.request('POST', '/v1/tasks/search', { token: api.teamB.api_key, body: { keywords: ['Not mine'] } });
    expect(search.body.meta.total).toBe(0);
  });

  it('refuses a deleted person and a deleted company as relations', async () => {
    const person = await storePerson(api.teamA.team_id, { name: 'Gone person' });
    await markPersonDeleted(api.teamA.team_id, person.id);
    const company = (await api.request('POST', '/v1/companies', { body: { name: 'Gone company' } })).body.data;
    await api.request('DELETE', `/v1/companies/${company.id}`);
    const response = await api.request('POST', '/v1/tasks', { body: { content_text: 'x', task_type: 'call', person_id: person.id, client_id: company.id } });
    expect(response.status).toBe(400);
    expect(response.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['body.client_id', 'body.person_id']);
  });

  it('changes the fields given, clears with null, and advances updated_at', async () => {
    const records = await relatedRecords(api.teamA, 'Patch');
    const task = (await api.request('POST', '/v1/tasks', { body: { content_text: 'Draft', task_type: 'text', person_id: records.person.id, job_id: records.job.id, due_date: '2026-06-01' } })).body.data;
    await pause(5);
    const updated = await api.request('PATCH', `/v1/tasks/${task.id}`, { body: { content_text: 'Final', is_completed: true, job_id: null, due_date: null, deal_id: records.deal.id, owner_ids: [api.teamA.team_member_id] } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({
      ...task,
      content_text: 'Final',
      is_completed: true,
      job_id: null,
      due_date: null,
      deal_id: records.deal.id,
      owners: [{ id: api.teamA.team_member_id, first_name: 'Dana', last_name: 'Demo' }],
      updated_at: expect.any(String),
    });
    expect(updated.body.data.updated_at > task.updated_at).toBe(true);
    const job = await api.request('POST', '/v1/tasks/search', { body: { related_to: records.job.id, related_record_type: 'job' } });
    expect(job.body.meta.total).toBe(0);
    const deal = await api.request('POST', '/v1/tasks/search', { body: { related_to: records.deal.id, related_record_type: 'deal' } });
    expect(deal.body.data.map((row: { id: string }) => row.id)).toEqual([task.id]);
    expect((await api.request('PATCH', `/v1/tasks/${task.id}`, { body: { task_type: null } })).status).toBe(400);
    expect((await api.request('PATCH', `/v1/tasks/${task.id}`, { body: { deal_id: records.person.id } })).body.error.details).toEqual([{ path: 'body.deal_id', message: 'Not a deal of this team' }]);
  });

  it('deletes a task: it answers deleted, then 404 and is no longer searched', async () => {
    const task = (await api.request('POST', '/v1/tasks', { body: { content_text: 'Ephemeral zebra', task_type: 'other' } })).body.data;
    const before = (await api.request('POST', '/v1/tasks/search', { body: {} })).body.meta.total;
    expect((await api.request('DELETE', `/v1/tasks/${task.id}`)).body).toEqual({ success: true, data: { id: task.id, deleted: true } });
    expect((await api.request('DELETE', `/v1/tasks/${task.id}`)).status).toBe(404);
    expect((await api.request('PATCH', `/v1/tasks/${task.id}`, { body: { is_completed: true } })).status).toBe(404);
    expect((await api.request('POST', '/v1/tasks/search', { body: { keywords: ['zebra'] } })).body.meta.total).toBe(0);
    expect((await api.request('POST', '/v1/tasks/search', { body: {} })).body.meta.total).toBe(before - 1);
  });

  it("answers 404 for another team's task and 400 for a malformed id", async () => {
    const theirs = (await api.request('POST', '/v1/tasks', { token: api.teamB.api_key, body: { content_text: 'B task', task_type: 'call' } })).body.data;
    expect((await api.request('PATCH', `/v1/tasks/${theirs.id}`, { body: { is_completed: true } })).status).toBe(404);
    expect((await api.request('DELETE', `/v1/tasks/${theirs.id}`)).status).toBe(404);
    expect((await api.request('PATCH', '/v1/tasks/not-a-uuid', { body: {} })).status).toBe(400);
    const still = await api.request('POST', '/v1/tasks/search', { token: api.teamB.api_key, body: { keywords: ['B task'] } });
    expect(still.body.data[0]).toMatchObject({ id: theirs.id, is_completed: false });
  });
});

describe('POST /v1/tasks/search', () => {
  let team: SeededTeam;
  let records: Awaited<ReturnType<typeof relatedRecords>>;
  let other: { person: { id: string } };
  let member2: string;
  /** Six tasks in creation order; t0 is changed last, so update order differs from creation order. */
  const tasks: { id: string; due: string | null; completed: boolean; type: string; owners: string[]; content: string; person?: string; deal?: boolean; client?: boolean; job?: boolean }[] = [];

  const search = async (body: Record<string, unknown> = {}) => {
    const response = await api.request('POST', '/v1/tasks/search', { token: team.api_key, body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { ids: (response.body.data as { id: string }[]).map((row) => row.id), meta: response.body.meta, rows: response.body.data };
  };
  const names = (ids: string[]) => ids.map((id) => `t${tasks.findIndex((task) => task.id === id)}`);
  const named = async (body: Record<string, unknown> = {}) => names((await search(body)).ids);

  beforeAll(async () => {
    team = await seedTeam('Task Search Team', { email: 'tasks@example.com', first_name: 'Tia', last_name: 'Task' });
    records = await relatedRecords(team, 'Search');
    other = { person: await storePerson(team.team_id, { name: 'Other person' }) };
    member2 = (await addTeamMember(team.team_id, { email: 'second@example.com', first_name: 'Sam', last_name: 'Second' })).id;
    const m1 = team.team_member_id;
    const plan = [
      { content: 'Call Ana about the offer', type: 'call', due: '2026-03-10T09:00:00.000Z', completed: false, owners: [m1], person: records.person.id, deal: true },
      { content: 'Send follow-up email', type: 'text', due: '2026-03-12T00:00:00.000Z', completed: true, owners: [member2], person: records.person.id, client: true },
      { content: 'Connect on social', type: 'social_connection', due: null, completed: false, owners: [m1, member2], person: other.person.id, job: true },
      { content: 'Recall the candidate', type: 'call', due: '2026-03-12T23:59:59.999Z', completed: false, owners: [], client: true, job: true },
      { content: 'Prepare interview notes', type: 'other', due: '2026-04-01T00:00:00.000Z', completed: true, owners: [member2], deal: true },
      { content: 'Message about the callback', type: 'social_message', due: null, completed: true, owners: [m1], person: other.person.id },
    ];
    for (const entry of plan) {
      const body = {
        content_text: entry.content,
        task_type: entry.type,
        due_date: entry.due,
        is_completed: entry.completed,
        owner_ids: entry.owners,
        person_id: entry.person ?? null,
        ...(entry.deal ? { deal_id: records.deal.id } : {}),
        ...(entry.client ? { client_id: records.client.id } : {}),
        ...(entry.job ? { job_id: records.job.id } : {}),
      };
      const created = await api.request('POST', '/v1/tasks', { token: team.api_key, body });
      expect(created.status).toBe(201);
      tasks.push({ ...entry, id: created.body.data.id });
    }
    await pause(5);
    await api.request('PATCH', `/v1/tasks/${tasks[0]?.id}`, { token: team.api_key, body: { owner_ids: [m1] } });
  });

  it('answers every task newest first with meta, each row a full task', async () => {
    const { ids, meta, rows } = await search();
    expect(names(ids)).toEqual(['t5', 't4', 't3', 't2', 't1', 't0']);
    expect(meta).toEqual({ total: 6, offset: 0, limit: 100 });
    expect(rows[3]).toEqual({
      id: tasks[2]?.id,
      content_text: 'Connect on social',
      task_type: 'social_connection',
      due_date: null,
      is_completed: false,
      person_id: other.person.id,
      deal_id: null,
      client_id: null,
      job_id: records.job.id,
      created_at: timestamp,
      updated_at: timestamp,
      owners: [
        { id: team.team_member_id, first_name: 'Tia', last_name: 'Task' },
        { id: member2, first_name: 'Sam', last_name: 'Second' },
      ],
      campaign_id: null,
    });
  });

  it('sorts by created_at, updated_at and due_date in both orders', async () => {
    expect(await named({ sort_order: 'asc' })).toEqual(['t0', 't1', 't2', 't3', 't4', 't5']);
    expect(await named({ sort_by: 'created_at', sort_order: 'desc' })).toEqual(['t5', 't4', 't3', 't2', 't1', 't0']);
    expect(await named({ sort_by: 'updated_at' })).toEqual(['t0', 't5', 't4', 't3', 't2', 't1']);
    expect(await named({ sort_by: 'updated_at', sort_order: 'asc' })).toEqual(['t1', 't2', 't3', 't4', 't5', 't0']);
    // Tasks without a due date come last in both orders, among themselves in creation order.
    expect(await named({ sort_by: 'due_date', sort_order: 'asc' })).toEqual(['t0', 't1', 't3', 't4', 't2', 't5']);
    expect(await named({ sort_by: 'due_date' })).toEqual(['t4', 't3', 't1', 't0', 't5', 't2']);
  });

  it('pages with offset and limit in every order, with the total of all matches', async () => {
    expect(await search({ offset: 2, limit: 3 })).toMatchObject({ meta: { total: 6, offset: 2, limit: 3 } });
    expect(await named({ offset: 2, limit: 3 })).toEqual(['t3', 't2', 't1']);
    expect(await named({ sort_by: 'updated_at', offset: 1, limit: 2 })).toEqual(['t5', 't4']);
    // Across the end of the dated tasks, and inside the undated ones.
    expect(await named({ sort_by: 'due_date', offset: 3, limit: 2 })).toEqual(['t0', 't5']);
    expect(await named({ sort_by: 'due_date', sort_order: 'asc', offset: 5, limit: 10 })).toEqual(['t5']);
    expect(await search({ offset: 6 })).toMatchObject({ ids: [], meta: { total: 6, offset: 6 } });
    expect(await search({ sort_by: 'due_date', is_completed: false, offset: 1, limit: 1 })).toMatchObject({ meta: { total: 3 } });
    expect(await named({ sort_by: 'due_date', is_completed: false, offset: 1, limit: 1 })).toEqual(['t0']);
  });

  it('filters by keywords: every word of every keyword begins a word of the content, case-insensitively', async () => {
    expect(await named({ keywords: ['call'], sort_order: 'asc' })).toEqual(['t0', 't5']);
    expect(await named({ keywords: ['FOLLOW UP'] })).toEqual(['t1']);
    expect(await named({ keywords: ['call', 'ana'] })).toEqual(['t0']);
    expect(await named({ keywords: ['about the'], sort_order: 'asc' })).toEqual(['t0', 't5']);
    expect(await named({ keywords: ['interv'] })).toEqual(['t4']);
    expect(await search({ keywords: ['zebra'] })).toMatchObject({ ids: [], meta: { total: 0 } });
  });

  it('filters by task types, completion and owners (any of)', async () => {
    expect(await named({ task_types: ['call'], sort_order: 'asc' })).toEqual(['t0', 't3']);
    expect(await named({ task_types: ['text', 'other'], sort_order: 'asc' })).toEqual(['t1', 't4']);
    expect(await named({ is_completed: true, sort_order: 'asc' })).toEqual(['t1', 't4', 't5']);
    expect(await search({ is_completed: false, sort_order: 'asc' })).toMatchObject({ meta: { total: 3 } });
    expect(await named({ is_completed: false, sort_by: 'updated_at' })).toEqual(['t0', 't3', 't2']);
    expect(await named({ owner_ids: [member2], sort_order: 'asc' })).toEqual(['t1', 't2', 't4']);
    expect(await named({ owner_ids: [member2, team.team_member_id], sort_order: 'asc' })).toEqual(['t0', 't1', 't2', 't4', 't5']);
  });

  it('filters by the related record of each kind, served per record', async () => {
    expect(await named({ related_to: records.person.id, related_record_type: 'person', sort_order: 'asc' })).toEqual(['t0', 't1']);
    expect(await named({ related_to: records.deal.id, related_record_type: 'deal', sort_order: 'asc' })).toEqual(['t0', 't4']);
    expect(await named({ related_to: records.client.id, related_record_type: 'client', sort_order: 'asc' })).toEqual(['t1', 't3']);
    expect(await named({ related_to: records.job.id, related_record_type: 'job', sort_order: 'asc' })).toEqual(['t2', 't3']);
    const wrongKind = await api.request('POST', '/v1/tasks/search', { token: team.api_key, body: { related_to: records.person.id, related_record_type: 'deal' } });
    expect(wrongKind.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.related_to', message: 'Not a deal of this team' }] });
    const taskless = await storePerson(team.team_id, { name: 'No tasks' });
    expect(await search({ related_to: taskless.id, related_record_type: 'person' })).toMatchObject({ ids: [], meta: { total: 0 } });
    expect(await search({ related_to: records.job.id, related_record_type: 'job', offset: 1, limit: 1 })).toMatchObject({ meta: { total: 2, offset: 1, limit: 1 } });
  });

  it('filters by due-date bounds, inclusive by date, excluding tasks without a due date', async () => {
    expect(await named({ due_date_start: '2026-03-12', sort_by: 'due_date', sort_order: 'asc' })).toEqual(['t1', 't3', 't4']);
    expect(await named({ due_date_end: '2026-03-12', sort_by: 'due_date', sort_order: 'asc' })).toEqual(['t0', 't1', 't3']);
    expect(await named({ due_date_start: '2026-03-12', due_date_end: '2026-03-12', sort_by: 'due_date', sort_order: 'asc' })).toEqual(['t1', 't3']);
    expect(await named({ due_date_start: '2026-03-11', due_date_end: '2026-03-11' })).toEqual([]);
    expect(await named({ due_date_start: '2026-03-12T12:00:00Z', sort_by: 'due_date', sort_order: 'asc' })).toEqual(['t3', 't4']);
    expect(await named({ due_date_start: '2000-01-01', sort_order: 'asc' })).toEqual(['t0', 't1', 't3', 't4']);
  });

  it('combines filters with AND', async () => {
    expect(await named({ related_to: records.person.id, related_record_type: 'person', is_completed: false })).toEqual(['t0']);
    expect(await named({ related_to: records.client.id, related_record_type: 'client', keywords: ['recall'] })).toEqual(['t3']);
    expect(await named({ task_types: ['call', 'social_message'], owner_ids: [team.team_member_id], sort_order: 'asc' })).toEqual(['t0', 't5']);
    expect(await named({ keywords: ['the'], is_completed: true, sort_order: 'asc' })).toEqual(['t5']);
    expect(await named({ due_date_end: '2026-03-31', is_completed: false, task_types: ['call'], sort_order: 'asc' })).toEqual(['t0', 't3']);
    expect(await named({ related_to: records.deal.id, related_record_type: 'deal', due_date_start: '2026-03-11', owner_ids: [member2] })).toEqual(['t4']);
    expect(await search({ keywords: ['call'], task_types: ['text'] })).toMatchObject({ ids: [], meta: { total: 0 } });
  });

  it('treats empty arrays as no filter', async () => {
    expect(await search({ keywords: [], task_types: [], owner_ids: [] })).toMatchObject({ meta: { total: 6 } });
  });

  it.each([
    [{ related_to: '00000000-0000-4000-8000-000000000000' }, ['body.related_record_type']],
    [{ related_record_type: 'person' }, ['body.related_to']],
    [{ limit: 0 }, ['body.limit']],
    [{ limit: 101 }, ['body.limit']],
    [{ offset: -1 }, ['body.offset']],
    [{ sort_by: 'name' }, ['body.sort_by']],
    [{ sort_order: 'up' }, ['body.sort_order']],
    [{ task_types: ['email'] }, ['body.task_types.0']],
    [{ related_to: 'abc', related_record_type: 'person' }, ['body.related_to']],
    [{ related_to: '00000000-0000-4000-8000-000000000000', related_record_type: 'company' }, ['body.related_record_type']],
    [{ due_date_start: 'tomorrow' }, ['body.due_date_start']],
    [{ due_date_start: '2026-03-02', due_date_end: '2026-03-01' }, ['body.due_date_end']],
    [{ keywords: 'call' }, ['body.keywords']],
    [{ is_completed: 'no' }, ['body.is_completed']],
    [{ include_left_campaign: 1 }, ['body.include_left_campaign']],
    [{ status: 'open' }, ['body.status']],
  ])('refuses %j with 400 VALIDATION_ERROR naming %j', async (body, paths) => {
    const response = await api.request('POST', '/v1/tasks/search', { token: team.api_key, body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(paths);
  });

  it("refuses a related record or owner of another team with 400, and never shows another team's tasks", async () => {
    const theirPerson = await storePerson(api.teamB.team_id, { name: 'B related' });
    const related = await api.request('POST', '/v1/tasks/search', { token: team.api_key, body: { related_to: theirPerson.id, related_record_type: 'person' } });
    expect(related.status).toBe(400);
    expect(related.body.error.details).toEqual([{ path: 'body.related_to', message: 'Not a person of this team' }]);
    const owners = await api.request('POST', '/v1/tasks/search', { token: team.api_key, body: { owner_ids: [api.teamB.team_member_id] } });
    expect(owners.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['body.owner_ids']);
    const mine = await api.request('POST', '/v1/tasks/search', { token: api.teamB.api_key, body: { related_to: records.person.id, related_record_type: 'person' } });
    expect(mine.status).toBe(400);
  });
});

describe('POST /v1/tasks/search: tasks of persons who left a campaign', () => {
  let team: SeededTeam;
  let campaign: string;
  let ana: string;
  let bo: string;
  const task: Record<string, string> = {};

  const search = async (body: Record<string, unknown> = {}) => {
    const response = await api.request('POST', '/v1/tasks/search', { token: team.api_key, body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return { ids: (response.body.data as { id: string }[]).map((row) => row.id), total: response.body.meta.total as number };
  };
  const label = (id: string) => Object.entries(task).find(([, value]) => value === id)?.[0] ?? id;
  const visible = async (body: Record<string, unknown> = {}) => (await search({ sort_order: 'asc', ...body })).ids.map(label);
  const members = (method: 'POST' | 'DELETE', personIds: string[]) => api.request(method, `/v1/campaigns/${campaign}/members`, { token: team.api_key, body: { person_ids: personIds } });
  const create = async (name: string, body: Record<string, unknown>) => {
    const created = await api.request('POST', '/v1/tasks', { token: team.api_key, body: { content_text: `${name} outreach step`, task_type: 'social_message', ...body } });
    expect(created.status).toBe(201);
    task[name] = created.body.data.id;
  };
  const patch = async (name: string, body: Record<string, unknown>) => {
    const response = await api.request('PATCH', `/v1/tasks/${task[name]}`, { token: team.api_key, body });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    team = await seedTeam('Campaign Task Team', { email: 'campaign-tasks@example.com', first_name: 'Cam', last_name: 'Paign' });
    campaign = (await api.request('POST', '/v1/campaigns', { token: team.api_key, body: { name: 'Spring outreach' } })).body.data.id;
    ana = (await storePerson(team.team_id, { name: 'Ana' })).id;
    bo = (await storePerson(team.team_id, { name: 'Bo' })).id;
    expect((await members('POST', [ana, bo])).body.data.added_ids).toEqual([ana, bo]);
    await create('anaOpen', { person_id: ana, campaign_id: campaign, due_date: '2026-04-01' });
    await create('anaDone', { person_id: ana, campaign_id: campaign, is_completed: true, due_date: '2026-04-02' });
    await create('anaOther', { person_id: ana });
    await create('boOpen', { person_id: bo, campaign_id: campaign });
    await create('nobody', { campaign_id: campaign });
  });

  it('hides the open tasks of a person who left, in every way of searching, and shows them with include_left_campaign', async () => {
    const everything = ['anaOpen', 'anaDone', 'anaOther', 'boOpen', 'nobody'];
    expect(await visible()).toEqual(everything);
    expect((await members('DELETE', [ana])).body.data).toEqual({ campaign_id: campaign, left_ids: [ana], not_found_ids: [], failed: [] });

    const shown = everything.filter((name) => name !== 'anaOpen');
    expect(await search()).toMatchObject({ total: 4 });
    expect(await visible()).toEqual(shown);
    expect(await visible({ sort_by: 'updated_at' })).toEqual(shown);
    expect(await visible({ sort_by: 'due_date' })).toEqual(['anaDone', 'anaOther', 'boOpen', 'nobody']);
    expect(await visible({ is_completed: false })).toEqual(['anaOther', 'boOpen', 'nobody']);
    expect(await visible({ related_to: ana, related_record_type: 'person' })).toEqual(['anaDone', 'anaOther']);
    expect(await visible({ keywords: ['outreach'] })).toEqual(shown);
    expect(await visible({ due_date_start: '2026-04-01' })).toEqual(['anaDone']);

    expect(await search({ include_left_campaign: true })).toMatchObject({ total: 5 });
    expect(await visible({ include_left_campaign: true })).toEqual(everything);
    expect(await visible({ include_left_campaign: true, sort_by: 'updated_at' })).toEqual(everything);
    expect(await visible({ include_left_campaign: true, sort_by: 'due_date' })).toEqual(['anaOpen', 'anaDone', 'anaOther', 'boOpen', 'nobody']);
    expect(await visible({ include_left_campaign: true, is_completed: false })).toEqual(['anaOpen', 'anaOther', 'boOpen', 'nobody']);
    expect(await visible({ include_left_campaign: true, is_completed: true })).toEqual(['anaDone']);
    expect(await visible({ include_left_campaign: true, related_to: ana, related_record_type: 'person' })).toEqual(['anaOpen', 'anaDone', 'anaOther']);
    expect(await visible({ include_left_campaign: true, keywords: ['anaopen'] })).toEqual(['anaOpen']);
    expect(await visible({ include_left_campaign: true, due_date_end: '2026-04-01' })).toEqual(['anaOpen']);
    expect(await search({ include_left_campaign: true, sort_order: 'asc', offset: 1, limit: 2 })).toMatchObject({ ids: [task.anaDone, task.anaOther], total: 5 });
    expect(await search({ include_left_campaign: true, sort_order: 'desc', offset: 4, limit: 2 })).toMatchObject({ ids: [task.anaOpen], total: 5 });
  });

  it('shows a hidden task once completed and hides it again when reopened', async () => {
    await patch('anaOpen', { is_completed: true });
    expect(await visible({ is_completed: true })).toEqual(['anaOpen', 'anaDone']);
    expect(await search()).toMatchObject({ total: 5 });
    await patch('anaOpen', { is_completed: false });
    expect(await visible()).not.toContain('anaOpen');
    expect(await search()).toMatchObject({ total: 4 });
  });

  it('creates a task of a person who already left hidden, and follows a task moved to or from the campaign or person', async () => {
    await create('anaLater', { person_id: ana, campaign_id: campaign });
    expect(await visible()).not.toContain('anaLater');
    expect(await visible({ include_left_campaign: true })).toContain('anaLater');
    await patch('anaLater', { campaign_id: null });
    expect(await visible()).toContain('anaLater');
    await patch('anaLater', { campaign_id: campaign });
    expect(await visible()).not.toContain('anaLater');
    await patch('anaLater', { person_id: bo });
    expect(await visible()).toContain('anaLater');
    await patch('anaLater', { person_id: ana, content_text: 'anaLater outreach step, edited' });
    expect(await visible()).not.toContain('anaLater');
  });

  it('shows the tasks again when the person rejoins, and hides them again when they leave again', async () => {
    expect((await members('POST', [ana])).body.data).toEqual({ campaign_id: campaign, added_ids: [ana], already_present_ids: [], failed: [] });
    expect(await visible()).toEqual(['anaOpen', 'anaDone', 'anaOther', 'boOpen', 'nobody', 'anaLater']);
    expect(await search()).toMatchObject({ total: 6 });
    await members('DELETE', [ana, bo]);
    expect(await visible()).toEqual(['anaDone', 'anaOther', 'nobody']);
    expect(await visible({ related_to: bo, related_record_type: 'person' })).toEqual([]);
    expect(await search({ include_left_campaign: true })).toMatchObject({ total: 6 });
    await members('POST', [ana, bo]);
    expect(await search()).toMatchObject({ total: 6 });
  });

  it('keeps a deleted hidden task out of every result', async () => {
    await members('DELETE', [bo]);
    expect((await api.request('DELETE', `/v1/tasks/${task.boOpen}`, { token: team.api_key })).status).toBe(200);
    expect(await visible({ include_left_campaign: true })).not.toContain('boOpen');
    expect(await search({ include_left_campaign: true })).toMatchObject({ total: 5 });
    await members('POST', [bo]);
    expect(await search()).toMatchObject({ total: 5 });
  });
});
