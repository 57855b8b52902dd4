import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from '../../../infra/local/seed';
import type { SeededTeam } from '../../../infra/local/seed';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const rowFields = ['action_count', 'action_types', 'created_at', 'id', 'is_archived', 'is_enabled', 'name', 'runs_on_api_changes', 'trigger_type', 'updated_at'];

const note = { type: 'add_note', content: 'Checked in' };
const daily = { cron: '0 9 * * MON-FRI' };

/** Creates an automation through the API and answers the response. */
async function create(body: Record<string, unknown>, token?: string) {
  return api.request('POST', '/v1/automations', { body: { name: 'Automation', trigger_type: 'schedule', trigger: daily, actions: [note], ...body }, ...(token ? { token } : {}) });
}

/** The `details` paths of an error answer, sorted. */
const paths = (response: { body: { error: { details?: { path: string }[] } } }) => (response.body.error.details ?? []).map((detail) => detail.path).sort();

/** The first detail at `path`. */
const detailAt = (response: { body: { error: { details?: { path: string; message: string }[] } } }, path: string) => response.body.error.details?.find((detail) => detail.path === path);

describe('POST /v1/automations and GET /v1/automations/{id}', () => {
  it('creates an automation with the flags false by default and answers the full definition (201)', async () => {
    const created = await api.request('POST', '/v1/automations', { body: { name: 'Morning digest', trigger_type: 'schedule', trigger: { cron: '0 9 * * *' }, actions: [note] } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        name: 'Morning digest',
        is_enabled: false,
        is_archived: false,
        runs_on_api_changes: false,
        trigger_type: 'schedule',
        action_count: 1,
        action_types: ['add_note'],
        created_at: timestamp,
        updated_at: timestamp,
        trigger: { cron: '0 9 * * *', timezone: 'UTC' },
        actions: [note],
      },
    });
    const fetched = await api.request('GET', `/v1/automations/${created.body.data.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
  });

  it('stores every action kind in order, with action_types in order of first appearance and without repeats', async () => {
    const actions = [
      { type: 'send_email', to: 'candidate', subject: 'Hello', body: 'Welcome aboard' },
      { type: 'delay', minutes: 525_600 },
      { type: 'send_email', to: 'owners', subject: 'FYI', body: 'A candidate moved' },
      { type: 'create_task', content_text: 'Call them', task_type: 'call', due_in_days: 0 },
      { type: 'send_email', to: 'lead@agency.test', subject: 'Heads up', body: '<p>Hi</p>' },
      { type: 'agent_instructions', instructions: 'Summarise the profile' },
      { type: 'add_note', content: 'Done' },
      { type: 'create_task', content_text: 'Follow up', task_type: 'social_message' },
      { type: 'delay', minutes: 1 },
    ];
    const created = await create({ name: 'Everything', is_enabled: true, runs_on_api_changes: true, is_archived: true, actions });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ is_enabled: true, runs_on_api_changes: true, is_archived: true, action_count: 9, actions });
    expect(created.body.data.action_types).toEqual(['send_email', 'delay', 'create_task', 'agent_instructions', 'add_note']);
    expect((await api.request('GET', `/v1/automations/${created.body.data.id}`)).body.data).toEqual(created.body.data);
  });

  it('requires name, trigger_type, trigger and actions, reporting each', async () => {
    const response = await api.request('POST', '/v1/automations', { body: {} });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(paths(response)).toEqual(['body.actions', 'body.name', 'body.trigger', 'body.trigger_type']);
  });

  it('refuses unknown body fields, an unknown trigger type, a blank name and a trigger that is not an object', async () => {
    expect(paths(await create({ enabled: true }))).toEqual(['body.enabled']);
    expect(paths(await create({ trigger_type: 'person_created' }))).toEqual(['body.trigger_type']);
    expect(paths(await create({ name: '' }))).toEqual(['body.name']);
    expect(paths(await create({ trigger: ['0 9 * * *'] }))).toEqual(['body.trigger']);
    expect(paths(await create({ trigger: '0 9 * * *' }))).toEqual(['body.trigger']);
  });

  it("answers 404 for an unknown id and another team's automation, 400 for a malformed id", async () => {
    const theirs = (await create({ name: 'Theirs' }, api.teamB.api_key)).body.data;
    expect((await api.request('GET', `/v1/automations/${theirs.id}`, { token: api.teamB.api_key })).status).toBe(200);
    const other = await api.request('GET', `/v1/automations/${theirs.id}`);
    expect(other.status).toBe(404);
    expect(other.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Automation not found' });
    expect((await api.request('GET', '/v1/automations/8b0c2a52-3f43-4a5e-9b0e-2f6a4c1d9e77')).status).toBe(404);
    expect((await api.request('GET', '/v1/automations/not-a-uuid')).status).toBe(400);
  });

  it('needs a credential', async () => {
    expect((await api.request('POST', '/v1/automations', { token: null, body: {} })).status).toBe(401);
  });
});

describe('schedule triggers', () => {
  it('accepts a cron expression with an IANA zone, stored in its canonical spelling', async () => {
    const created = await create({ trigger: { cron: '*/15 9-17 * jan-jun mon-fri', timezone: 'europe/berlin' } });
    expect(created.status).toBe(201);
    expect(created.body.data.trigger).toEqual({ cron: '*/15 9-17 * jan-jun mon-fri', timezone: 'Europe/Berlin' });
  });

  it('accepts a rate instead of a cron expression', async () => {
    const created = await create({ trigger: { rate: '15 minutes' } });
    expect(created.status).toBe(201);
    expect(created.body.data.trigger).toEqual({ rate: '15 minutes' });
    expect((await create({ trigger: { rate: '1 day' } })).body.data.trigger).toEqual({ rate: '1 day' });
  });

  it('reports each bad cron field at body.trigger.cron', async () => {
    const response = await create({ trigger: { cron: '61 25 * * *' } });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([
      { path: 'body.trigger.cron', message: 'minute: 61 is outside 0-59' },
      { path: 'body.trigger.cron', message: 'hour: 25 is outside 0-23' },
    ]);
    expect(detailAt(await create({ trigger: { cron: '0 9 * *' } }), 'body.trigger.cron')?.message).toContain('Expected five fields');
    expect(detailAt(await create({ trigger: { cron: '0 0 31 2 *' } }), 'body.trigger.cron')?.message).toContain('never runs');
  });

  it('needs exactly one of cron and rate, a timezone only with cron, and a known zone', async () => {
    expect((await create({ trigger: { cron: '0 9 * * *', rate: '1 hour' } })).body.error.details).toEqual([{ path: 'body.trigger', message: 'Give either cron or rate, not both' }]);
    expect(paths(await create({ trigger: {} }))).toEqual(['body.trigger']);
    expect(paths(await create({ trigger: { timezone: 'UTC' } }))).toEqual(['body.trigger']);
    expect(paths(await create({ trigger: { rate: '1 hour', timezone: 'UTC' } }))).toEqual(['body.trigger.timezone']);
    expect((await create({ trigger: { cron: '0 9 * * *', timezone: 'Mars/Olympus_Mons' } })).body.error.details).toEqual([{ path: 'body.trigger.timezone', message: 'Not an IANA time zone such as Europe/Berlin' }]);
    expect(paths(await create({ trigger: { cron: '0 9 * * *', timezone: '+01:00' } }))).toEqual(['body.trigger.timezone']);
  });

  it('reports every problem of a trigger at once', async () => {
    const response = await create({ trigger: { cron: '61 * * * *', timezone: 'Nowhere/Land' } });
    expect(response.body.error.message).toBe('Invalid automation: 2 problems, see details');
    expect(paths(response)).toEqual(['body.trigger.cron', 'body.trigger.timezone']);
  });

  it('reports a bad rate at body.trigger.rate', async () => {
    expect((await create({ trigger: { rate: '5 weeks' } })).body.error.details).toEqual([{ path: 'body.trigger.rate', message: 'Expected "<n> minute(s)", "<n> hour(s)" or "<n> day(s)", e.g. "15 minutes"' }]);
    expect(paths(await create({ trigger: { rate: '0 minutes' } }))).toEqual(['body.trigger.rate']);
    expect(paths(await create({ trigger: { rate: '1 hours' } }))).toEqual(['body.trigger.rate']);
  });

  it('refuses fields of another trigger type in a schedule, at their own path', async () => {
    const response = await create({ trigger: { cron: '0 9 * * *', job_id: '8b0c2a52-3f43-4a5e-9b0e-2f6a4c1d9e77' } });
    expect(response.status).toBe(400);
    expect(paths(response)).toEqual(['body.trigger.job_id']);
  });
});

describe('event triggers', () => {
  it('accepts candidate stage filters naming stages of a live job of the team, case-insensitively', async () => {
    const job = (await api.request('POST', '/v1/jobs', { body: { name: 'Automation engineer' } })).body.data;
    const created = await create({ trigger_type: 'candidate_status_changed', trigger: { job_id: job.id, from_stage_names: ['screening'], to_stage_names: ['Offer', 'HIRED', 'Offer'] } });
    expect(created.status).toBe(201);
    expect(created.body.data.trigger).toEqual({ job_id: job.id, from_stage_names: ['screening'], to_stage_names: ['Offer', 'HIRED'] });
    expect((await create({ trigger_type: 'candidate_status_changed', trigger: {} })).body.data.trigger).toEqual({});
    expect((await create({ trigger_type: 'candidate_status_changed', trigger: { to_stage_names: ['Any name at all'] } })).status).toBe(201);
  });

  it("refuses another team's job, and stage names the job does not have, naming each position", async () => {
    const theirJob = (await api.request('POST', '/v1/jobs', { token: api.teamB.api_key, body: { name: 'Their job' } })).body.data;
    const theirs = await create({ trigger_type: 'candidate_status_changed', trigger: { job_id: theirJob.id } });
    expect(theirs.status).toBe(400);
    expect(theirs.body.error.details).toEqual([{ path: 'body.trigger.job_id', message: 'Not a job of this team' }]);
    const job = (await api.request('POST', '/v1/jobs', { body: { name: 'Stage check' } })).body.data;
    const unknownStages = await create({ trigger_type: 'candidate_status_changed', trigger: { job_id: job.id, from_stage_names: ['Sourced', 'Dreaming'], to_stage_names: ['Nowhere'] } });
    expect(paths(unknownStages)).toEqual(['body.trigger.from_stage_names.1', 'body.trigger.to_stage_names.0']);
    expect(detailAt(unknownStages, 'body.trigger.to_stage_names.0')?.message).toContain('Not a stage of this job (its stages: Sourced, Contacted');
    expect(paths(await create({ trigger_type: 'candidate_status_changed', trigger: { job_id: 'nope', from_stage_names: [''] } }))).toEqual(['body.trigger.from_stage_names.0', 'body.trigger.job_id']);
  });

  it('accepts job status filters naming job statuses of the team, and refuses deal statuses and other teams\' statuses', async () => {
    const jobStatuses = (await api.request('GET', '/v1/jobs/statuses')).body.data as { id: string; name: string }[];
    const dealStatuses = (await api.request('GET', '/v1/deals/statuses')).body.data as { id: string }[];
    const theirStatus = (await api.request('GET', '/v1/jobs/statuses', { token: api.teamB.api_key })).body.data[0].id as string;
    const open = jobStatuses.find((status) => status.name === 'Open')?.id;
    const closed = jobStatuses.find((status) => status.name === 'Closed')?.id;
    const created = await create({ trigger_type: 'job_status_changed', trigger: { from_status_ids: [open], to_status_ids: [closed] } });
    expect(created.status).toBe(201);
    expect(created.body.data.trigger).toEqual({ from_status_ids: [open], to_status_ids: [closed] });
    const refused = await create({ trigger_type: 'job_status_changed', trigger: { from_status_ids: [open, dealStatuses[0]?.id], to_status_ids: [theirStatus] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { path: 'body.trigger.from_status_ids.1', message: 'Not a job status of this team' },
      { path: 'body.trigger.to_status_ids.0', message: 'Not a job status of this team' },
    ]);
    expect(paths(await create({ trigger_type: 'job_status_changed', trigger: { to_status_ids: ['open'] } }))).toEqual(['body.trigger.to_status_ids.0']);
  });

  it('refuses a deleted job status', async () => {
    const status = (await api.request('POST', '/v1/jobs/statuses', { body: { name: 'Short-lived' } })).body.data;
    expect((await create({ trigger_type: 'job_status_changed', trigger: { to_status_ids: [status.id] } })).status).toBe(201);
    expect((await api.request('DELETE', `/v1/jobs/statuses/${status.id}`)).status).toBe(200);
    expect(paths(await create({ trigger_type: 'job_status_changed', trigger: { to_status_ids: [status.id] } }))).toEqual(['body.trigger.to_status_ids.0']);
  });

  it('accepts deal status filters naming deal statuses of the team, and refuses job statuses', async () => {
    const dealStatuses = (await api.request('GET', '/v1/deals/statuses')).body.data as { id: string; name: string }[];
    const jobStatus = (await api.request('GET', '/v1/jobs/statuses')).body.data[0].id as string;
    const won = dealStatuses.find((status) => status.name === 'Won')?.id;
    const created = await create({ trigger_type: 'deal_status_changed', trigger: { to_status_ids: [won] } });
    expect(created.status).toBe(201);
    expect(created.body.data.trigger).toEqual({ to_status_ids: [won] });
    const refused = await create({ trigger_type: 'deal_status_changed', trigger: { from_status_ids: [jobStatus] } });
    expect(refused.body.error.details).toEqual([{ path: 'body.trigger.from_status_ids.0', message: 'Not a deal status of this team' }]);
    expect(paths(await create({ trigger_type: 'deal_status_changed', trigger: { stage_names: [] } }))).toEqual(['body.trigger.stage_names']);
  });

  it("accepts a job_created filter on a live company of the team, and refuses another team's or a deleted one", async () => {
    const company = (await api.request('POST', '/v1/companies', { body: { name: 'Automated Inc', is_client: true } })).body.data;
    const created = await create({ trigger_type: 'job_created', trigger: { client_company_id: company.id } });
    expect(created.status).toBe(201);
    expect(created.body.data.trigger).toEqual({ client_company_id: company.id });
    expect((await create({ trigger_type: 'job_created', trigger: {} })).body.data.trigger).toEqual({});
    const theirs = (await api.request('POST', '/v1/companies', { token: api.teamB.api_key, body: { name: 'Theirs Inc' } })).body.data;
    expect((await create({ trigger_type: 'job_created', trigger: { client_company_id: theirs.id } })).body.error.details).toEqual([{ path: 'body.trigger.client_company_id', message: 'Not a company of this team' }]);
    expect((await api.request('DELETE', `/v1/companies/${company.id}`)).status).toBe(200);
    expect(paths(await create({ trigger_type: 'job_created', trigger: { client_company_id: company.id } }))).toEqual(['body.trigger.client_company_id']);
  });
});

describe('actions', () => {
  it('needs at least one action and at most 50', async () => {
    expect(paths(await create({ actions: [] }))).toEqual(['body.actions']);
    expect((await create({ actions: Array.from({ length: 50 }, () => note) })).status).toBe(201);
    expect(paths(await create({ actions: Array.from({ length: 51 }, () => note) }))).toEqual(['body.actions']);
  });

  it('reports every bad action at once, each at its own path', async () => {
    const response = await create({
      actions: [
        { type: 'send_email', to: 'someone', subject: '', body: 'x' },
        { type: 'send_email', to: 'owners', subject: 'Hi' },
        { type: 'delay', minutes: 0 },
        { type: 'delay', minutes: 1.5 },
        { type: 'delay', minutes: 525_601 },
        { type: 'add_note', content: '   ' },
        { type: 'create_task', content_text: 'x', task_type: 'meeting', due_in_days: -1 },
        { type: 'agent_instructions', instructions: '' },
        { type: 'launch_rocket' },
        { type: 'add_note', content: 'x', pinned: true },
        { content: 'no type' },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/problems, see details/);
    expect(paths(response)).toEqual(
      [
        'body.actions.0.to',
        'body.actions.0.subject',
        'body.actions.1.body',
        'body.actions.2.minutes',
        'body.actions.3.minutes',
        'body.actions.4.minutes',
        'body.actions.5.content',
        'body.actions.6.task_type',
        'body.actions.6.due_in_days',
        'body.actions.7.instructions',
        'body.actions.8.type',
        'body.actions.9.pinned',
        'body.actions.10.type',
      ].sort(),
    );
    expect(detailAt(response, 'body.actions.0.to')?.message).toBe('Expected "candidate", "owners" or an email address');
    expect(detailAt(response, 'body.actions.5.content')?.message).toBe('Must not be empty or blank');
  });

  it('accepts candidate, owners or an email address as the recipient of an email', async () => {
    for (const to of ['candidate', 'owners', 'someone@example.com']) {
      expect((await create({ actions: [{ type: 'send_email', to, subject: 's', body: 'b' }] })).status).toBe(201);
    }
    expect(paths(await create({ actions: [{ type: 'send_email', to: 'Candidate', subject: 's', body: 'b' }] }))).toEqual(['body.actions.0.to']);
  });

  it('accepts every task type and refuses a fractional due_in_days', async () => {
    for (const task_type of ['text', 'social_message', 'social_connection', 'call', 'other']) {
      expect((await create({ actions: [{ type: 'create_task', content_text: 'Do it', task_type, due_in_days: 3 }] })).status).toBe(201);
    }
    expect(paths(await create({ actions: [{ type: 'create_task', content_text: 'Do it', task_type: 'call', due_in_days: 1.5 }] }))).toEqual(['body.actions.0.due_in_days']);
  });

  it('refuses a definition larger than 256 KiB', async () => {
    const big = 'x'.repeat(20_000);
    const response = await create({ actions: Array.from({ length: 14 }, () => ({ type: 'add_note', content: big })) });
    expect(response.status).toBe(400);
    expect(paths(response)).toEqual(['body.actions']);
    expect((await create({ actions: Array.from({ length: 12 }, () => ({ type: 'add_note', content: big })) })).status).toBe(201);
  });
});

describe('PATCH /v1/automations/{id}', () => {
  it('changes the fields given and keeps the others', async () => {
    const automation = (await create({ name: 'Before', trigger: { rate: '1 hour' } })).body.data;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { name: 'After', is_enabled: true } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ ...automation, name: 'After', is_enabled: true, updated_at: timestamp });
    expect(updated.body.data.updated_at > automation.updated_at).toBe(true);
    expect((await api.request('GET', `/v1/automations/${automation.id}`)).body.data).toEqual(updated.body.data);
  });

  it('replaces the trigger and the actions whole', async () => {
    const automation = (await create({ trigger: { cron: '0 9 * * *', timezone: 'Asia/Tokyo' }, actions: [note, { type: 'delay', minutes: 5 }] })).body.data;
    const actions = [{ type: 'agent_instructions', instructions: 'Draft an outreach email' }];
    const updated = await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { trigger: { cron: '30 18 * * FRI' }, actions, is_archived: true, runs_on_api_changes: true } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ trigger: { cron: '30 18 * * FRI', timezone: 'UTC' }, actions, action_count: 1, action_types: ['agent_instructions'], is_archived: true, runs_on_api_changes: true });
  });

  it('checks a trigger alone against the stored trigger type', async () => {
    const automation = (await create({})).body.data;
    const response = await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { trigger: { to_status_ids: [] } } });
    expect(response.status).toBe(400);
    expect(paths(response)).toEqual(['body.trigger.to_status_ids']);
    expect(paths(await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { trigger: { cron: '0 0 * * 9' } } }))).toEqual(['body.trigger.cron']);
  });

  it('requires a trigger of the new type when trigger_type changes', async () => {
    const automation = (await create({})).body.data;
    const missing = await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { trigger_type: 'job_created' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([{ path: 'body.trigger', message: 'Required when trigger_type changes: give the trigger of a job_created automation' }]);
    const wrongShape = await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { trigger_type: 'job_created', trigger: daily } });
    expect(paths(wrongShape)).toEqual(['body.trigger.cron']);
    const changed = await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { trigger_type: 'job_created', trigger: {} } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ trigger_type: 'job_created', trigger: {} });
    expect((await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { trigger_type: 'job_created' } })).status).toBe(200);
  });

  it('validates actions and flags like create', async () => {
    const automation = (await create({})).body.data;
    expect(paths(await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { actions: [note, note, { type: 'delay', minutes: 0 }] } }))).toEqual(['body.actions.2.minutes']);
    expect(paths(await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { is_enabled: 'yes', name: null } }))).toEqual(['body.is_enabled', 'body.name']);
    expect(paths(await api.request('PATCH', `/v1/automations/${automation.id}`, { body: { id: automation.id } }))).toEqual(['body.id']);
    expect((await api.request('GET', `/v1/automations/${automation.id}`)).body.data).toEqual(automation);
  });

  it("answers 404 for an unknown id and another team's automation, leaving it unchanged", async () => {
    const theirs = (await create({ name: 'Not yours' }, api.teamB.api_key)).body.data;
    const response = await api.request('PATCH', `/v1/automations/${theirs.id}`, { body: { name: 'Mine now' } });
    expect(response.status).toBe(404);
    expect((await api.request('GET', `/v1/automations/${theirs.id}`, { token: api.teamB.api_key })).body.data.name).toBe('Not yours');
    expect((await api.request('PATCH', '/v1/automations/8b0c2a52-3f43-4a5e-9b0e-2f6a4c1d9e77', { body: { name: 'x' } })).status).toBe(404);
  });

  it('lets one of several concurrent changes of the same version win and answers 409 to the others', async () => {
    const automation = (await create({ name: 'Contended' })).body.data;
    const names = Array.from({ length: 8 }, (_, index) => `Contender ${index}`);
    const responses = await Promise.all(names.map((name) => api.request('PATCH', `/v1/automations/${automation.id}`, { body: { name } })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    expect(statuses).toContain(409);
    expect(responses.find((response) => response.status === 409)?.body.error).toMatchObject({ code: 'CONFLICT', message: 'The automation changed concurrently; retry' });
    const winners = responses.filter((response) => response.status === 200).map((response) => response.body.data.name);
    expect(winners).toContain((await api.request('GET', `/v1/automations/${automation.id}`)).body.data.name);
  });
});

describe('POST /v1/automations/search', () => {
  let team: SeededTeam;
  const ids: Record<string, string> = {};
  const search = (body: Record<string, unknown> = {}) => api.request('POST', '/v1/automations/search', { token: team.api_key, body });
  const names = (response: { body: { data: { name: string }[] } }) => response.body.data.map((row) => row.name);

  beforeAll(async () => {
    // A team of its own, so totals and orders do not depend on the other tests.
    team = await seedTeam('Automation Agency', { email: 'auto@example.com', first_name: 'Ada', last_name: 'Auto' });
    const make = async (body: Record<string, unknown>) => {
      const response = await create(body, team.api_key);
      expect(response.status).toBe(201);
      ids[body.name as string] = response.body.data.id;
    };
    await make({ name: 'Weekly digest', is_enabled: true, actions: [{ type: 'send_email', to: 'owners', subject: 'Digest', body: 'b' }, { type: 'delay', minutes: 60 }, { type: 'send_email', to: 'owners', subject: 'Again', body: 'b' }] });
    await make({ name: 'Candidate hired note', trigger_type: 'candidate_status_changed', trigger: { to_stage_names: ['Hired'] } });
    await make({ name: 'Job created task', trigger_type: 'job_created', trigger: {}, is_enabled: true, actions: [{ type: 'create_task', content_text: 'Kick off', task_type: 'call' }, { type: 'agent_instructions', instructions: 'Research the client' }] });
    await make({ name: 'Archived digest', is_enabled: true, is_archived: true });
    await make({ name: 'deal won email', trigger_type: 'deal_status_changed', trigger: {}, actions: [{ type: 'send_email', to: 'candidate', subject: 'Won', body: 'b' }] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const patched = await api.request('PATCH', `/v1/automations/${ids['Candidate hired note']}`, { token: team.api_key, body: { runs_on_api_changes: true } });
    expect(patched.status).toBe(200);
  });

  it('lists live automations newest first by default, hiding archived ones, with meta', async () => {
    const response = await search();
    expect(response.status).toBe(200);
    expect(names(response)).toEqual(['deal won email', 'Job created task', 'Candidate hired note', 'Weekly digest']);
    expect(response.body.meta).toEqual({ total: 4, offset: 0, limit: 100 });
  });

  it('answers list rows with counts and kinds, never the trigger or the actions', async () => {
    const response = await search({ keywords: ['weekly'] });
    const [row] = response.body.data;
    expect(Object.keys(row).sort()).toEqual(rowFields);
    expect(row).not.toHaveProperty('trigger');
    expect(row).not.toHaveProperty('actions');
    expect(row).toEqual({
      id: ids['Weekly digest'],
      name: 'Weekly digest',
      is_enabled: true,
      is_archived: false,
      runs_on_api_changes: false,
      trigger_type: 'schedule',
      action_count: 3,
      action_types: ['send_email', 'delay'],
      created_at: timestamp,
      updated_at: timestamp,
    });
    for (const each of (await search({ is_archived: true })).body.data) {
      expect(each).not.toHaveProperty('trigger');
      expect(each).not.toHaveProperty('actions');
    }
  });

  it('lists only archived automations with is_archived: true', async () => {
    const response = await search({ is_archived: true });
    expect(names(response)).toEqual(['Archived digest']);
    expect(response.body.meta.total).toBe(1);
  });

  it('matches keywords as case-insensitive substrings of the name, all of them', async () => {
    expect(names(await search({ keywords: ['DIGEST'] }))).toEqual(['Weekly digest']);
    expect(names(await search({ keywords: ['dIgEs', 'eekl'] }))).toEqual(['Weekly digest']);
    expect(names(await search({ keywords: ['digest', 'monthly'] }))).toEqual([]);
    expect(names(await search({ keywords: ['e'] }))).toHaveLength(4);
    expect(names(await search({ keywords: ['digest'], is_archived: true }))).toEqual(['Archived digest']);
    expect((await search({ keywords: [''] })).status).toBe(400);
  });

  it('filters on is_enabled', async () => {
    expect(names(await search({ is_enabled: true }))).toEqual(['Job created task', 'Weekly digest']);
    expect(names(await search({ is_enabled: false }))).toEqual(['deal won email', 'Candidate hired note']);
  });

  it('filters on trigger_type', async () => {
    expect(names(await search({ trigger_type: 'schedule' }))).toEqual(['Weekly digest']);
    expect(names(await search({ trigger_type: 'deal_status_changed' }))).toEqual(['deal won email']);
    expect(names(await search({ trigger_type: 'job_status_changed' }))).toEqual([]);
    expect(paths(await search({ trigger_type: 'person_created' }))).toEqual(['body.trigger_type']);
  });

  it('combines filters with AND', async () => {
    expect(names(await search({ keywords: ['digest'], is_enabled: true, trigger_type: 'schedule', is_archived: true }))).toEqual(['Archived digest']);
    expect(names(await search({ keywords: ['digest'], is_enabled: false, trigger_type: 'schedule' }))).toEqual([]);
    expect(names(await search({ keywords: ['task'], is_enabled: true, trigger_type: 'job_created' }))).toEqual(['Job created task']);
    expect(names(await search({ keywords: ['task'], trigger_type: 'schedule' }))).toEqual([]);
  });

  it('sorts by created_at in both orders', async () => {
    expect(names(await search({ sort_by: 'created_at', sort_order: 'asc' }))).toEqual(['Weekly digest', 'Candidate hired note', 'Job created task', 'deal won email']);
    expect(names(await search({ sort_by: 'created_at', sort_order: 'desc' }))).toEqual(['deal won email', 'Job created task', 'Candidate hired note', 'Weekly digest']);
  });

  it('sorts by updated_at in both orders', async () => {
    expect(names(await search({ sort_by: 'updated_at', sort_order: 'asc' }))).toEqual(['Weekly digest', 'Job created task', 'deal won email', 'Candidate hired note']);
    expect(names(await search({ sort_by: 'updated_at' }))).toEqual(['Candidate hired note', 'deal won email', 'Job created task', 'Weekly digest']);
  });

  it('sorts by name case-insensitively in both orders', async () => {
    expect(names(await search({ sort_by: 'name', sort_order: 'asc' }))).toEqual(['Candidate hired note', 'deal won email', 'Job created task', 'Weekly digest']);
    expect(names(await search({ sort_by: 'name', sort_order: 'desc' }))).toEqual(['Weekly digest', 'Job created task', 'deal won email', 'Candidate hired note']);
  });

  it('pages with offset and limit, counting every match in meta.total', async () => {
    const second = await search({ sort_by: 'name', sort_order: 'asc', offset: 1, limit: 2 });
    expect(names(second)).toEqual(['deal won email', 'Job created task']);
    expect(second.body.meta).toEqual({ total: 4, offset: 1, limit: 2 });
    const beyond = await search({ offset: 10, limit: 5 });
    expect(beyond.body).toEqual({ success: true, data: [], meta: { total: 4, offset: 10, limit: 5 } });
  });

  it('refuses out-of-bounds paging, unknown sort keys and unknown fields', async () => {
    expect(paths(await search({ limit: 0 }))).toEqual(['body.limit']);
    expect(paths(await search({ limit: 101 }))).toEqual(['body.limit']);
    expect(paths(await search({ offset: -1 }))).toEqual(['body.offset']);
    expect(paths(await search({ sort_by: 'action_count' }))).toEqual(['body.sort_by']);
    expect(paths(await search({ sort_order: 'up' }))).toEqual(['body.sort_order']);
    expect(paths(await search({ name: 'digest' }))).toEqual(['body.name']);
  });

  it("never lists another team's automations", async () => {
    const mine = await api.request('POST', '/v1/automations/search', { body: { keywords: ['digest'], is_archived: false } });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((row: { id: string }) => row.id)).not.toContain(ids['Weekly digest']);
    expect((await api.request('GET', `/v1/automations/${ids['Weekly digest']}`)).status).toBe(404);
  });
});
