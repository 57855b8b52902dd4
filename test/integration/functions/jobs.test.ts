import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from '../../../infra/local/seed';
import type { SeededTeam } from '../../../infra/local/seed';
import { createApiKey } from '../../../shared/domain/api-keys';
import { addTeamMember } from '../../../shared/domain/team-members';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';
import { storePerson } from '../../support/persons';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('POST /v1/jobs and GET /v1/jobs/{id}', () => {
  it('creates a job with every field and reads back every field of the record', async () => {
    const recruiterRole = (await api.request('GET', '/v1/jobs/roles')).body.data.find((role: { name: string }) => role.name === 'Recruiter');
    const onHold = (await api.request('GET', '/v1/jobs/statuses')).body.data.find((status: { name: string }) => status.name === 'On hold');
    const member = await addTeamMember(api.teamA.team_id, { email: 'rita@example.com', first_name: 'Rita', last_name: 'Recruiter' });
    const company = (await api.request('POST', '/v1/companies', { body: { name: 'Hiring Co', domain: 'hiring.test', social_url: 'https://social.test/hiring', is_client: true } })).body.data;
    const person = await storePerson(api.teamA.team_id, { name: 'Hank Manager' });
    const contact = (await api.request('POST', '/v1/client-contacts', { body: { person_id: person.id, client_id: company.id } })).body.data;
    const level = (await api.request('POST', '/v1/custom-fields/jobs', { body: { name: 'Level', data_type: 'single-select', tags: [{ name: 'Senior', color: '#000001' }] } })).body.data;
    const headcount = (await api.request('POST', '/v1/custom-fields/jobs', { body: { name: 'Headcount', data_type: 'integer' } })).body.data;
    const body = {
      name: 'Staff Engineer',
      is_archived: false,
      client_company_id: company.id,
      job_status_id: onHold.id,
      location: 'Remote',
      primary_url: 'https://jobs.test/staff',
      job_function: 'Engineering',
      open_date: '2026-11-01',
      end_date: '2027-02-28',
      currency_code: 'EUR',
      salary_min: 90000,
      salary_max: 120000,
      salary_details: 'plus equity',
      billing_contact_name: 'Bill Payer',
      billing_contact_email: 'billing@hiring.test',
      fee: 25,
      description: 'Lead the platform team',
      pipeline_stages: [{ name: 'Applied' }, { name: 'Interview', is_interviewing_stage: true }, { name: 'Declined', is_rejection_stage: true }],
      team_members: [{ team_member_id: member.id, role_id: recruiterRole.id }],
      client_contact_ids: [contact.id],
      custom_fields: [
        { attribute_id: level.id, tag_ids: [level.tags[0].id] },
        { attribute_id: headcount.id, value: 2 },
      ],
      retainer: { fee_type: 'percentage', fee_percentage: 20, estimated_compensation: 100000, installment_count: 2, currency_code: 'EUR' },
    };
    const created = await api.request('POST', '/v1/jobs', { token: api.teamA.session_token, body });
    expect(created.status).toBe(201);
    const stage = (name: string, order: number, flags: Record<string, boolean> = {}) => ({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name, stage_order: order, is_rejection_stage: false, is_interviewing_stage: false, ...flags });
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Staff Engineer',
      created_at: timestamp,
      updated_at: timestamp,
      is_archived: false,
      client_company_name: 'Hiring Co',
      client_company_id: company.id,
      client_company_domain: 'hiring.test',
      client_company_social_url: 'https://social.test/hiring',
      job_status_name: 'On hold',
      job_status_id: onHold.id,
      candidate_count: 0,
      location: 'Remote',
      primary_url: 'https://jobs.test/staff',
      job_function: 'Engineering',
      open_date: '2026-11-01',
      end_date: '2027-02-28',
      currency_code: 'EUR',
      salary_range: '[90000,120000)',
      salary_min: 90000,
      salary_max: 120000,
      salary_details: 'plus equity',
      billing_contact_name: 'Bill Payer',
      billing_contact_email: 'billing@hiring.test',
      fee: 25,
      description: 'Lead the platform team',
      team_members: [{ team_member_id: member.id, email: 'rita@example.com', first_name: 'Rita', last_name: 'Recruiter', role_id: recruiterRole.id, role_name: 'Recruiter' }],
      client_contacts: [{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), client_contact_id: contact.id, person_id: person.id, name: 'Hank Manager' }],
      linked_deals: [],
      fees: {
        retainer: { id: expect.any(String), fee_type: 'percentage', fee_base: 'first_year_salary', fee_percentage: 20, flat_fee: null, projected_fee: 20000, estimated_compensation: 100000, installment_count: 2, final_payment_type: 'on_placement', currency_code: 'EUR' },
        fee_events: [],
        total_placement_fee: 0,
      },
      custom_fields: [
        { attribute_id: level.id, attribute_name: 'Level', data_type: 'single-select', value: null, tag: { id: level.tags[0].id, name: 'Senior' }, team_member: null, company: null },
        { attribute_id: headcount.id, attribute_name: 'Headcount', data_type: 'integer', value: 2, tag: null, team_member: null, company: null },
      ],
      pipeline_stages: [stage('Applied', 1), stage('Interview', 2, { is_interviewing_stage: true }), stage('Declined', 3, { is_rejection_stage: true })],
    });
    const fetched = await api.request('GET', `/v1/jobs/${created.body.data.id}`, { token: api.teamA.session_token });
    expect(fetched.body.data).toEqual(created.body.data);
  });

  it("gives a job with only a name the team's defaults: status, pipeline template, USD, today", async () => {
    const created = await api.request('POST', '/v1/jobs', { body: { name: 'Minimal' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      job_status_name: 'Open',
      currency_code: 'USD',
      open_date: new Date().toISOString().slice(0, 10),
      end_date: null,
      salary_range: null,
      client_company_name: null,
      team_members: [],
      client_contacts: [],
      fees: { retainer: null, fee_events: [], total_placement_fee: 0 },
      custom_fields: [],
    });
    expect(created.body.data.pipeline_stages.map((stage: { name: string; stage_order: number }) => [stage.name, stage.stage_order])).toEqual([
      ['Sourced', 1], ['Contacted', 2], ['Screening', 3], ['Interviewing', 4], ['Offer', 5], ['Hired', 6], ['Rejected', 7],
    ]);
    expect(created.body.data.pipeline_stages.find((stage: { name: string }) => stage.name === 'Rejected').is_rejection_stage).toBe(true);
  });

  it('derives salary_range in interval notation, with an open side left empty', async () => {
    expect((await api.request('POST', '/v1/jobs', { body: { name: 'Min only', salary_min: 50000 } })).body.data.salary_range).toBe('[50000,)');
    expect((await api.request('POST', '/v1/jobs', { body: { name: 'Max only', salary_max: 70000 } })).body.data.salary_range).toBe('[,70000)');
    expect((await api.request('POST', '/v1/jobs', { body: { name: 'Both', salary_min: 1.5, salary_max: 2 } })).body.data.salary_range).toBe('[1.5,2)');
    const inverted = await api.request('POST', '/v1/jobs', { body: { name: 'Inverted', salary_min: 9, salary_max: 8 } });
    expect(inverted.status).toBe(400);
    expect(inverted.body.error.details).toEqual([{ path: 'body.salary_max', message: 'salary_max must not be below salary_min' }]);
    expect((await api.request('POST', '/v1/jobs', { body: { name: 'X', salary_range: '[1,2)' } })).status).toBe(400);
  });

  it('omits linked_deals without deals:read and fees without compensation:read for API keys and OAuth tokens', async () => {
    const job = (await api.request('POST', '/v1/jobs', { body: { name: 'Scoped' } })).body.data;
    const keyFor = async (scopes: ('deals:read' | 'compensation:read')[]) => (await createApiKey(api.teamA.team_id, 'scoped', scopes)).apiKey;
    const read = async (token: string) => (await api.request('GET', `/v1/jobs/${job.id}`, { token })).body.data;
    const none = await read(await keyFor([]));
    expect(none).not.toHaveProperty('linked_deals');
    expect(none).not.toHaveProperty('fees');
    expect(none.pipeline_stages).toHaveLength(7);
    const deals = await read(await keyFor(['deals:read']));
    expect(deals).toHaveProperty('linked_deals', []);
    expect(deals).not.toHaveProperty('fees');
    const fees = await read(await keyFor(['compensation:read']));
    expect(fees).not.toHaveProperty('linked_deals');
    expect(fees).toHaveProperty('fees');
    const { issueLocalToken } = await import('../../../infra/local/tokens');
    const oauth = await read(await issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'oauth', scopes: ['compensation:read'] }));
    expect(oauth).not.toHaveProperty('linked_deals');
    expect(oauth).toHaveProperty('fees');
    const session = await read(api.teamA.session_token);
    expect(session).toHaveProperty('linked_deals');
    expect(session).toHaveProperty('fees');
  });

  it('refuses foreign or unknown references with 400 naming each, and answers 404 for another team\'s job', async () => {
    const theirStatus = (await api.request('GET', '/v1/jobs/statuses', { token: api.teamB.api_key })).body.data[0].id;
    const theirRole = (await api.request('GET', '/v1/jobs/roles', { token: api.teamB.api_key })).body.data[0].id;
    const theirCompany = (await api.request('POST', '/v1/companies', { token: api.teamB.api_key, body: { name: 'Theirs' } })).body.data.id;
    const response = await api.request('POST', '/v1/jobs', {
      body: { name: 'Bad', job_status_id: theirStatus, client_company_id: theirCompany, team_members: [{ team_member_id: api.teamB.team_member_id, role_id: theirRole }], client_contact_ids: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['body.client_company_id', 'body.client_contact_ids', 'body.job_status_id', 'body.team_members.0.role_id', 'body.team_members.0.team_member_id']);
    const theirs = (await api.request('POST', '/v1/jobs', { token: api.teamB.api_key, body: { name: 'Their job' } })).body.data;
    expect((await api.request('GET', `/v1/jobs/${theirs.id}`)).status).toBe(404);
    expect((await api.request('PATCH', `/v1/jobs/${theirs.id}`, { body: { name: 'Mine' } })).status).toBe(404);
    expect((await api.request('GET', '/v1/jobs/not-a-uuid')).status).toBe(400);
  });
});

describe('PATCH /v1/jobs/{id}', () => {
  it('changes the fields given and replaces the pipeline: kept stages keep their ids, new ones get ids, order follows the list', async () => {
    const job = (await api.request('POST', '/v1/jobs', { body: { name: 'Pipeline job', pipeline_stages: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] } })).body.data;
    const [a, , c] = job.pipeline_stages;
    const updated = await api.request('PATCH', `/v1/jobs/${job.id}`, { body: { name: 'Renamed', location: 'Lisbon', pipeline_stages: [{ id: c.id, name: 'C first' }, { name: 'New' }, { id: a.id, name: 'A', is_rejection_stage: true }] } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Renamed', location: 'Lisbon', salary_range: null });
    expect(updated.body.data.pipeline_stages).toEqual([
      { id: c.id, name: 'C first', stage_order: 1, is_rejection_stage: false, is_interviewing_stage: false },
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'New', stage_order: 2, is_rejection_stage: false, is_interviewing_stage: false },
      { id: a.id, name: 'A', stage_order: 3, is_rejection_stage: true, is_interviewing_stage: false },
    ]);
    const foreignStage = await api.request('PATCH', `/v1/jobs/${job.id}`, { body: { pipeline_stages: [{ id: '00000000-0000-4000-8000-000000000000', name: 'X' }] } });
    expect(foreignStage.status).toBe(400);
    expect(foreignStage.body.error.details[0].path).toBe('body.pipeline_stages.0.id');
    expect((await api.request('PATCH', `/v1/jobs/${job.id}`, { body: { pipeline_stages: [] } })).status).toBe(400);
    expect((await api.request('PATCH', `/v1/jobs/${job.id}`, { body: { pipeline_stages: [{ name: 'Same' }, { name: 'same' }] } })).status).toBe(400);
  });

  it('replaces team members and client contacts, and keeps a custom field not mentioned', async () => {
    const roles = (await api.request('GET', '/v1/jobs/roles')).body.data;
    const notes = (await api.request('POST', '/v1/custom-fields/jobs', { body: { name: 'Notes', data_type: 'text' } })).body.data;
    const job = (await api.request('POST', '/v1/jobs', { body: { name: 'Team job', team_members: [{ team_member_id: api.teamA.team_member_id, role_id: roles[0].id }], custom_fields: [{ attribute_id: notes.id, value: 'keep me' }] } })).body.data;
    const updated = await api.request('PATCH', `/v1/jobs/${job.id}`, { body: { team_members: [{ team_member_id: api.teamA.team_member_id, role_id: roles[1].id }], salary_min: 10 } });
    expect(updated.body.data.team_members).toEqual([expect.objectContaining({ team_member_id: api.teamA.team_member_id, role_id: roles[1].id, role_name: roles[1].name })]);
    expect(updated.body.data.custom_fields.map((value: { value: unknown }) => value.value)).toEqual(['keep me']);
    expect(updated.body.data.salary_range).toBe('[10,)');
    const cleared = await api.request('PATCH', `/v1/jobs/${job.id}`, { body: { team_members: [], retainer: null } });
    expect(cleared.body.data.team_members).toEqual([]);
  });
});

describe('POST /v1/jobs/search', () => {
  let team: SeededTeam;
  beforeAll(async () => {
    team = await seedTeam('Jobs Search', { email: 'js@example.com', first_name: 'J', last_name: 'S' });
    const company = (await api.request('POST', '/v1/companies', { token: team.api_key, body: { name: 'Client' } })).body.data;
    const closed = (await api.request('GET', '/v1/jobs/statuses', { token: team.api_key })).body.data.find((status: { name: string }) => status.name === 'Closed');
    for (const body of [
      { name: 'Backend Engineer', client_company_id: company.id },
      { name: 'frontend engineer' },
      { name: 'Data Analyst', job_status_id: closed.id },
      { name: 'Archived Engineer', is_archived: true },
    ]) await api.request('POST', '/v1/jobs', { token: team.api_key, body });
  });
  const names = async (body: Record<string, unknown>) => {
    const response = await api.request('POST', '/v1/jobs/search', { token: team.api_key, body });
    expect(response.status).toBe(200);
    return { names: (response.body.data as { name: string }[]).map((job) => job.name), meta: response.body.meta, rows: response.body.data };
  };

  it('lists newest first with meta; rows omit linked_deals, fees and custom_fields', async () => {
    const { names: all, meta, rows } = await names({});
    expect(all).toEqual(['Archived Engineer', 'Data Analyst', 'frontend engineer', 'Backend Engineer']);
    expect(meta).toEqual({ total: 4, offset: 0, limit: 100 });
    expect(rows[0]).not.toHaveProperty('fees');
    expect(rows[0]).not.toHaveProperty('linked_deals');
    expect(rows[0]).not.toHaveProperty('custom_fields');
    expect(rows[0].pipeline_stages).toHaveLength(7);
  });

  it('filters by keywords, status, client company and archived state, and sorts by name', async () => {
    expect((await names({ keywords: ['ENGINEER'], is_archived: false })).names).toEqual(['frontend engineer', 'Backend Engineer']);
    const closed = (await api.request('GET', '/v1/jobs/statuses', { token: team.api_key })).body.data.find((status: { name: string }) => status.name === 'Closed');
    expect((await names({ job_status_ids: [closed.id] })).names).toEqual(['Data Analyst']);
    const rows = (await names({ keywords: ['backend'] })).rows;
    expect((await names({ client_company_id: rows[0].client_company_id })).names).toEqual(['Backend Engineer']);
    expect((await names({ is_archived: true })).names).toEqual(['Archived Engineer']);
    expect((await names({ sort_by: 'name', sort_order: 'asc', limit: 2, offset: 1 }))).toMatchObject({ names: ['Backend Engineer', 'Data Analyst'], meta: { total: 4, offset: 1, limit: 2 } });
  });

  it.each([{ limit: 0 }, { offset: -1 }, { sort_by: 'salary' }, { is_archived: 'yes' }])('refuses %j with 400', async (body) => {
    expect((await api.request('POST', '/v1/jobs/search', { token: team.api_key, body })).status).toBe(400);
  });
});
