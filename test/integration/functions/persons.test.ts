import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../../../shared/db/client';
import { forTeam } from '../../../shared/db/repository';
import { companyKey } from '../../../shared/domain/companies/company-store';
import { findPersonIdsByEmail } from '../../../shared/domain/persons/person-store';
import { addTeamMember } from '../../../shared/domain/team-members';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());
afterEach(() => vi.restoreAllMocks());

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

interface Stage {
  id: string;
  name: string;
  stage_order: number;
}

async function createJob(name: string, token = api.teamA.api_key): Promise<{ id: string; pipeline_stages: Stage[] }> {
  const response = await api.request('POST', '/v1/jobs', { token, body: { name } });
  expect(response.status).toBe(201);
  return response.body.data;
}

async function createCompany(name: string, extra: Record<string, unknown> = {}, token = api.teamA.api_key): Promise<{ id: string; name: string }> {
  const response = await api.request('POST', '/v1/companies', { token, body: { name, ...extra } });
  expect(response.status).toBe(201);
  return response.body.data;
}

/** The persons of team A whose name contains `text`, through the search endpoint. */
async function personsNamed(text: string, token = api.teamA.api_key) {
  const response = await api.request('POST', '/v1/persons/search', { token, body: { keywords: [text] } });
  expect(response.status).toBe(200);
  return response.body.data as { id: string; name: string }[];
}

const firstStage = (job: { pipeline_stages: Stage[] }) => [...job.pipeline_stages].sort((a, b) => a.stage_order - b.stage_order)[0] as Stage;

describe('POST /v0/persons', () => {
  it('creates a person from a name alone: 201 with {error: "", data} and every person field a string', async () => {
    const created = await api.request('POST', '/v0/persons', { body: { name: 'Nadia Only' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      error: '',
      data: { id: uuid, name: 'Nadia Only', social_public_id: '', current_job_title: '', company_name: '', emails: [], social_location: '', phones: [], candidate_id: '', client_contact_id: '', external_source_id: '' },
    });
  });

  it('does all five effects in one call, each readable through the other endpoints', async () => {
    const job = await createJob('Platform Engineer');
    const client = await createCompany('Acme Robotics', { is_client: true });
    const created = await api.request('POST', '/v0/persons', {
      token: api.teamA.session_token,
      body: {
        name: 'Ada Lovelace',
        first_name: 'Ada',
        last_name: 'Lovelace',
        social_url: 'https://www.linkedin.com/in/ada-lovelace/',
        current_job_title: 'Analyst',
        company_name: 'Analytical Engines',
        social_location: 'London',
        work_email: 'ada@engines.example',
        personal_email: 'ada@home.example',
        emails: ['countess@example.org', 'ADA@engines.example'],
        work_phone: '+44 20 0000 0001',
        mobile_phone: '+44 7700 000001',
        phone_numbers: ['+44 20 0000 0002'],
        notes: 'Met at the <b>Royal Society</b>.',
        job_id: job.id,
        client_id: client.id,
        external_source_id: 'crm-42',
        enrich_record: true,
      },
    });
    expect(created.status).toBe(201);
    const person = created.body.data;
    expect(created.body.error).toBe('');
    expect(person).toEqual({
      id: uuid,
      name: 'Ada Lovelace',
      social_public_id: 'ada-lovelace',
      current_job_title: 'Analyst',
      company_name: 'Analytical Engines',
      emails: [
        { contact_data_type: 'work', value: 'ada@engines.example' },
        { contact_data_type: 'personal', value: 'ada@home.example' },
        { contact_data_type: 'other', value: 'countess@example.org' },
      ],
      social_location: 'London',
      phones: [
        { contact_data_type: 'work', value: '+44 20 0000 0001' },
        { contact_data_type: 'mobile', value: '+44 7700 000001' },
        { contact_data_type: 'other', value: '+44 20 0000 0002' },
      ],
      candidate_id: uuid,
      client_contact_id: uuid,
      external_source_id: 'crm-42',
    });

    // 1 and 4: the full record shows the work experience and the typed contact details.
    const full = await api.request('GET', `/v1/persons/${person.id}`);
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      social_url: 'https://www.linkedin.com/in/ada-lovelace/',
      enrich_record: true,
      emails: person.emails,
      phones: person.phones,
      work_experiences: [{ id: uuid, company_name: 'Analytical Engines', title: 'Analyst', is_current: true }],
      candidate_ids: [person.candidate_id],
      client_contact_id: person.client_contact_id,
    });

    // 2: a candidate in the job's first stage.
    const candidates = await api.request('GET', `/v1/jobs/${job.id}/candidates`);
    expect(candidates.body.data).toEqual([expect.objectContaining({ id: person.candidate_id, person_id: person.id, stage_id: firstStage(job).id })]);
    expect((await api.request('GET', `/v1/jobs/${job.id}`)).body.data.candidate_count).toBe(1);

    // 3: a client contact with the team's default status.
    const contacts = await api.request('GET', `/v1/client-contacts?person_id=${person.id}`);
    expect(contacts.body.data).toEqual([expect.objectContaining({ id: person.client_contact_id, client_id: client.id, status: expect.objectContaining({ name: 'Prospect', is_default_status: true }) })]);

    // 4: every email finds the person, case-insensitively.
    for (const email of ['ADA@ENGINES.EXAMPLE', 'ada@home.example', 'Countess@Example.org']) expect(await findPersonIdsByEmail(api.teamA.team_id, email)).toEqual([person.id]);
    const moved = await api.request('POST', '/v1/candidates/update-stage', { body: { job_id: job.id, candidate_email: 'Ada@Home.Example', stage_name: 'Screening' } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.candidate_id).toBe(person.candidate_id);

    // 5: the notes as a secondary_note activity by the session's member.
    const activities = await api.request('GET', `/v1/persons/${person.id}/activities`);
    expect(activities.body.data).toEqual([
      expect.objectContaining({ activity_type: 'secondary_note', activity_content: 'Met at the <b>Royal Society</b>.', activity_content_text: 'Met at the Royal Society.', team_member_id: api.teamA.team_member_id }),
    ]);
  });

  it('creates no work experience unless both company and title are given', async () => {
    const titleOnly = (await api.request('POST', '/v0/persons', { body: { name: 'Title Only', current_job_title: 'CTO' } })).body.data;
    expect((await api.request('GET', `/v1/persons/${titleOnly.id}`)).body.data.work_experiences).toEqual([]);
    const companyOnly = (await api.request('POST', '/v0/persons', { body: { name: 'Company Only', company_name: 'Initech' } })).body.data;
    expect((await api.request('GET', `/v1/persons/${companyOnly.id}`)).body.data.work_experiences).toEqual([]);
  });

  it('finds the job by job_name and the client by client_name, case-insensitively', async () => {
    const job = await createJob('Data Scientist');
    const client = await createCompany('Globex Corporation');
    const created = await api.request('POST', '/v0/persons', { body: { name: 'Grace Hopper', job_name: 'data SCIENTIST', client_name: 'globex corporation' } });
    expect(created.status).toBe(201);
    const candidates = (await api.request('GET', `/v1/jobs/${job.id}/candidates`)).body.data;
    expect(candidates.map((candidate: { id: string }) => candidate.id)).toEqual([created.body.data.candidate_id]);
    const contact = (await api.request('GET', `/v1/client-contacts?person_id=${created.body.data.id}`)).body.data[0];
    expect(contact).toMatchObject({ id: created.body.data.client_contact_id, client_id: client.id });
  });

  it('prefers the only client among companies sharing the name, and refuses an ambiguous name', async () => {
    await createCompany('Twin Labs');
    const client = await createCompany('Twin Labs', { is_client: true });
    const created = await api.request('POST', '/v0/persons', { body: { name: 'Twin Contact', client_name: 'Twin Labs' } });
    expect(created.status).toBe(201);
    expect((await api.request('GET', `/v1/client-contacts?person_id=${created.body.data.id}`)).body.data[0].client_id).toBe(client.id);

    await createJob('Twin Role');
    await createJob('twin role');
    const ambiguous = await api.request('POST', '/v0/persons', { body: { name: 'Ambiguous Candidate', job_name: 'Twin Role' } });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body).toEqual({ error: expect.stringContaining('2 jobs are named "Twin Role"'), data: null });
    expect(await personsNamed('Ambiguous Candidate')).toEqual([]);
  });

  it('answers 404 {error, data: null} and creates nothing when a job or client is named but not found', async () => {
    const job = await createJob('Lonely Job');
    const cases = [
      { job_name: 'No Such Job' },
      { job_id: '6f1c8a52-3d4e-4b7a-9c2d-1e5f6a7b8c9d' },
      { client_name: 'No Such Client', job_id: job.id },
      { client_id: '6f1c8a52-3d4e-4b7a-9c2d-1e5f6a7b8c9d', job_id: job.id },
    ];
    for (const [index, links] of cases.entries()) {
      const response = await api.request('POST', '/v0/persons', { body: { name: `Ghost ${index}`, work_email: `ghost${index}@example.com`, notes: 'never', ...links } });
      expect(response.status, JSON.stringify(links)).toBe(404);
      expect(response.body).toEqual({ error: expect.stringMatching(/not found$/), data: null });
      expect(await findPersonIdsByEmail(api.teamA.team_id, `ghost${index}@example.com`)).toEqual([]);
    }
    expect(await personsNamed('Ghost')).toEqual([]);
    expect((await api.request('GET', `/v1/jobs/${job.id}/candidates`)).body.meta.total).toBe(0);
  });

  it("treats another team's job and client as not found", async () => {
    const foreignJob = await createJob('Foreign Job', api.teamB.api_key);
    const foreignClient = await createCompany('Foreign Client', {}, api.teamB.api_key);
    expect((await api.request('POST', '/v0/persons', { body: { name: 'Cross Team', job_id: foreignJob.id } })).status).toBe(404);
    expect((await api.request('POST', '/v0/persons', { body: { name: 'Cross Team', job_name: 'Foreign Job' } })).status).toBe(404);
    expect((await api.request('POST', '/v0/persons', { body: { name: 'Cross Team', client_id: foreignClient.id } })).status).toBe(404);
    expect((await api.request('POST', '/v0/persons', { body: { name: 'Cross Team', client_name: 'Foreign Client' } })).status).toBe(404);
    expect(await personsNamed('Cross Team')).toEqual([]);
  });

  it('refuses a job_id and job_name that name different jobs', async () => {
    const one = await createJob('Job One');
    await createJob('Job Two');
    const response = await api.request('POST', '/v0/persons', { body: { name: 'Mismatch', job_id: one.id, job_name: 'Job Two' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'job_id and job_name name different jobs', data: null });
  });

  it('writes everything or nothing: a client removed before the transaction commits leaves no person, candidate, contact or note', async () => {
    const job = await createJob('Atomic Job');
    const client = await createCompany('Vanishing Client');
    const client_ = documentClient();
    const send = client_.send.bind(client_);
    let sabotaged = false;
    vi.spyOn(client_, 'send').mockImplementation(async (command: Parameters<typeof send>[0]) => {
      if (command instanceof TransactWriteCommand && !sabotaged) {
        sabotaged = true;
        const table = forTeam(api.teamA.team_id);
        await send(new TransactWriteCommand({ TransactItems: [table.update(companyKey(client.id), 'live', { deleted_at: new Date().toISOString() }, { conflictMessage: 'x' }).item] }));
      }
      return send(command as never);
    });
    const response = await api.request('POST', '/v0/persons', { body: { name: 'Atomic Person', work_email: 'atomic@example.com', notes: 'note', job_id: job.id, client_id: client.id } });
    vi.restoreAllMocks();
    expect(sabotaged).toBe(true);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'The client company was removed while the contact was being added', data: null });
    expect(await personsNamed('Atomic Person')).toEqual([]);
    expect(await findPersonIdsByEmail(api.teamA.team_id, 'atomic@example.com')).toEqual([]);
    const jobNow = (await api.request('GET', `/v1/jobs/${job.id}`)).body.data;
    expect(jobNow.candidate_count).toBe(0);
    expect((await api.request('GET', `/v1/jobs/${job.id}/candidates`)).body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await api.request('GET', '/v1/client-contacts?limit=100')).body.data.filter((contact: { client_id: string }) => contact.client_id === client.id)).toEqual([]);
  });

  it('reports errors in the v0 shape: validation, credentials, unknown fields', async () => {
    const missingName = await api.request('POST', '/v0/persons', { body: { current_job_title: 'CTO' } });
    expect(missingName.status).toBe(400);
    expect(missingName.body).toEqual({ error: expect.stringContaining('name'), data: null });
    const badEmail = await api.request('POST', '/v0/persons', { body: { name: 'X', work_email: 'not-an-email' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toEqual({ error: expect.stringContaining('work_email'), data: null });
    const emptyName = await api.request('POST', '/v0/persons', { body: { name: '' } });
    expect(emptyName.status).toBe(400);
    const unknown = await api.request('POST', '/v0/persons', { body: { name: 'X', nickname: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toBeNull();
    const anonymous = await api.request('POST', '/v0/persons', { token: null, body: { name: 'X' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: expect.any(String), data: null });
    expect(anonymous.body.error.length).toBeGreaterThan(0);
  });

  it('keeps the v1 error envelope on the v1 person endpoints', async () => {
    const missing = await api.request('GET', '/v1/persons/6f1c8a52-3d4e-4b7a-9c2d-1e5f6a7b8c9d');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Person not found', request_id: expect.any(String) } });
    const invalid = await api.request('POST', '/v1/persons/search', { body: { limit: 0 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', details: [expect.objectContaining({ path: 'body.limit' })] } });
  });
});

describe('GET /v1/persons/{id}', () => {
  it("answers 404 for another team's person and a 400 for a malformed id", async () => {
    const foreign = (await api.request('POST', '/v0/persons', { token: api.teamB.api_key, body: { name: 'Team B Person' } })).body.data;
    expect((await api.request('GET', `/v1/persons/${foreign.id}`)).status).toBe(404);
    expect((await api.request('GET', `/v1/persons/${foreign.id}`, { token: api.teamB.api_key })).status).toBe(200);
    expect((await api.request('GET', '/v1/persons/not-a-uuid')).status).toBe(400);
  });

  it('lists every candidacy and the latest live client contact', async () => {
    const person = (await api.request('POST', '/v0/persons', { body: { name: 'Multi Candidate', job_name: 'Platform Engineer' } })).body.data;
    const second = await createJob('Second Role');
    const candidacy = await api.request('POST', '/v1/candidates', { body: { person_id: person.id, job_id: second.id } });
    const first = await createCompany('First Client');
    const latest = await createCompany('Latest Client');
    await api.request('POST', '/v1/client-contacts', { body: { person_id: person.id, client_id: first.id } });
    const contact = await api.request('POST', '/v1/client-contacts', { body: { person_id: person.id, client_id: latest.id } });
    const full = (await api.request('GET', `/v1/persons/${person.id}`)).body.data;
    expect(full.candidate_ids).toEqual([person.candidate_id, candidacy.body.data.id]);
    expect(full.client_contact_id).toBe(contact.body.data.id);
    expect(full).toMatchObject({ created_at: timestamp, updated_at: timestamp, custom_fields: [] });
  });
});

describe('PATCH /v1/persons/{id}', () => {
  it('changes the fields given, keeps the others, and moves the email index with the emails', async () => {
    const person = (await api.request('POST', '/v0/persons', { body: { name: 'Old Name', work_email: 'old@example.com', current_job_title: 'Engineer', company_name: 'Initech', social_location: 'Paris' } })).body.data;
    const before = (await api.request('GET', `/v1/persons/${person.id}`)).body.data;
    const patched = await api.request('PATCH', `/v1/persons/${person.id}`, {
      body: {
        name: 'New Name',
        social_location: null,
        social_url: 'https://example.com/people/new-name',
        emails: [{ contact_data_type: 'personal', value: 'new@example.com' }, { contact_data_type: 'work', value: 'NEW@example.com' }],
        phones: [{ contact_data_type: 'mobile', value: '+1 555 0100' }],
        work_experiences: [
          { id: before.work_experiences[0].id, company_name: 'Initech', title: 'Engineer', is_current: false },
          { company_name: 'Hooli', title: 'Staff Engineer', is_current: true },
        ],
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: 'New Name',
      current_job_title: 'Engineer',
      social_location: null,
      social_public_id: 'new-name',
      emails: [{ contact_data_type: 'personal', value: 'new@example.com' }],
      phones: [{ contact_data_type: 'mobile', value: '+1 555 0100' }],
      work_experiences: [
        { id: before.work_experiences[0].id, company_name: 'Initech', title: 'Engineer', is_current: false },
        { id: uuid, company_name: 'Hooli', title: 'Staff Engineer', is_current: true },
      ],
    });
    expect(patched.body.data.updated_at > before.updated_at).toBe(true);
    expect(await findPersonIdsByEmail(api.teamA.team_id, 'old@example.com')).toEqual([]);
    expect(await findPersonIdsByEmail(api.teamA.team_id, 'NEW@EXAMPLE.COM')).toEqual([person.id]);
    expect((await api.request('GET', `/v1/persons/${person.id}`)).body.data).toEqual(patched.body.data);
  });

  it('writes custom field values checked against the person definitions, and clears them', async () => {
    const member = await addTeamMember(api.teamA.team_id, { email: 'sourcer@example.com', first_name: 'Sam', last_name: 'Sourcer' });
    const seniority = (await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'Seniority', data_type: 'single-select', tags: [{ name: 'Senior', color: '#112233' }] } })).body.data;
    const years = (await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'Years', data_type: 'integer' } })).body.data;
    const sourcedBy = (await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'Sourced by', data_type: 'multi-team-member' } })).body.data;
    const person = (await api.request('POST', '/v0/persons', { body: { name: 'Custom Person' } })).body.data;
    const patched = await api.request('PATCH', `/v1/persons/${person.id}`, {
      body: { custom_fields: [{ attribute_id: seniority.id, tag_ids: [seniority.tags[0].id] }, { attribute_id: years.id, value: 7 }, { attribute_id: sourcedBy.id, team_member_ids: [member.id] }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.custom_fields).toEqual([
      { attribute_id: seniority.id, attribute_name: 'Seniority', data_type: 'single-select', value: null, tag: { id: seniority.tags[0].id, name: 'Senior' }, team_member: null, company: null },
      { attribute_id: years.id, attribute_name: 'Years', data_type: 'integer', value: 7, tag: null, team_member: null, company: null },
      { attribute_id: sourcedBy.id, attribute_name: 'Sourced by', data_type: 'multi-team-member', value: null, tag: null, team_member: { id: member.id, name: 'Sam Sourcer' }, company: null },
    ]);
    const wrong = await api.request('PATCH', `/v1/persons/${person.id}`, { body: { custom_fields: [{ attribute_id: years.id, value: 'seven' }] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([{ path: 'body.custom_fields.0.value', message: expect.stringContaining('integer') }]);
    const cleared = await api.request('PATCH', `/v1/persons/${person.id}`, { body: { custom_fields: [{ attribute_id: years.id, value: null }] } });
    expect(cleared.body.data.custom_fields.map((value: { attribute_name: string }) => value.attribute_name)).toEqual(['Seniority', 'Sourced by']);
  });

  it('refuses unknown work experience ids, unknown fields, an empty name, and another team\'s person', async () => {
    const person = (await api.request('POST', '/v0/persons', { body: { name: 'Strict Person' } })).body.data;
    const unknownExperience = await api.request('PATCH', `/v1/persons/${person.id}`, { body: { work_experiences: [{ id: '6f1c8a52-3d4e-4b7a-9c2d-1e5f6a7b8c9d', company_name: 'X', title: 'Y' }] } });
    expect(unknownExperience.status).toBe(400);
    expect(unknownExperience.body.error.details).toEqual([{ path: 'body.work_experiences.0.id', message: expect.any(String) }]);
    expect((await api.request('PATCH', `/v1/persons/${person.id}`, { body: { nickname: 'x' } })).status).toBe(400);
    expect((await api.request('PATCH', `/v1/persons/${person.id}`, { body: { name: '' } })).status).toBe(400);
    expect((await api.request('PATCH', `/v1/persons/${person.id}`, { token: api.teamB.api_key, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await api.request('GET', `/v1/persons/${person.id}`)).body.data.name).toBe('Strict Person');
  });
});
