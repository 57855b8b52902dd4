import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember } from '../../../shared/domain/team-members';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;

interface Definition {
  id: string;
  tags: { id: string; name: string }[];
}
const field: Record<string, Definition> = {};
const person: Record<string, string> = {};
let recruiter: string;
let sourcer: string;
let acme: string;
let globex: string;
let jobId: string;

const tag = (definition: string, name: string) => (field[definition] as Definition).tags.find((candidate) => candidate.name === name)?.id as string;

async function define(name: string, data_type: string, tags?: string[]) {
  const response = await api.request('POST', '/v1/custom-fields/persons', { body: { name, data_type, ...(tags ? { tags: tags.map((tagName, index) => ({ name: tagName, color: `#00000${index}` })) } : {}) } });
  expect(response.status).toBe(201);
  field[name] = response.body.data;
}

async function createPerson(name: string, body: Record<string, unknown>, customFields: Record<string, unknown>[] = []) {
  const created = await api.request('POST', '/v0/persons', { body: { name, ...body } });
  expect(created.status).toBe(201);
  person[name] = created.body.data.id;
  if (customFields.length) expect((await api.request('PATCH', `/v1/persons/${created.body.data.id}`, { body: { custom_fields: customFields } })).status).toBe(200);
}

/** The names of the persons a search answers, in order. */
async function search(body: Record<string, unknown>): Promise<string[]> {
  const response = await api.request('POST', '/v1/persons/search', { body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.map((row: { name: string }) => row.name);
}

beforeAll(async () => {
  api = await startTestApi();
  recruiter = (await addTeamMember(api.teamA.team_id, { email: 'rita@example.com', first_name: 'Rita', last_name: 'Recruiter' })).id;
  sourcer = (await addTeamMember(api.teamA.team_id, { email: 'sven@example.com', first_name: 'Sven', last_name: 'Sourcer' })).id;
  acme = (await api.request('POST', '/v1/companies', { body: { name: 'Acme' } })).body.data.id;
  globex = (await api.request('POST', '/v1/companies', { body: { name: 'Globex' } })).body.data.id;
  jobId = (await api.request('POST', '/v1/jobs', { body: { name: 'Search Job' } })).body.data.id;
  await define('Skills', 'multi-select', ['TypeScript', 'Go', 'Rust']);
  await define('Seniority', 'single-select', ['Junior', 'Senior']);
  await define('Years', 'integer');
  await define('Rating', 'number');
  await define('Available from', 'date');
  await define('Owner', 'multi-team-member');
  await define('Worked at', 'multi-company');
  await define('Notes', 'text');

  // Created in this order, so creation order is Alice, Bruno, Chloe, Dmitri, Emma.
  await createPerson('Alice Martin', { current_job_title: 'Backend Engineer', company_name: 'Initech', work_email: 'alice@initech.example', job_id: jobId }, [
    { attribute_id: field.Skills?.id, tag_ids: [tag('Skills', 'TypeScript'), tag('Skills', 'Go')] },
    { attribute_id: field.Seniority?.id, tag_ids: [tag('Seniority', 'Senior')] },
    { attribute_id: field.Years?.id, value: 8 },
    { attribute_id: field['Available from']?.id, value: '2026-01-15' },
    { attribute_id: field.Owner?.id, team_member_ids: [recruiter] },
    { attribute_id: field['Worked at']?.id, company_ids: [acme] },
  ]);
  await createPerson('Bruno Costa', { current_job_title: 'Designer', company_name: 'Hooli', personal_email: 'bruno@mail.example' }, [
    { attribute_id: field.Skills?.id, tag_ids: [tag('Skills', 'Rust')] },
    { attribute_id: field.Years?.id, value: 3 },
    { attribute_id: field.Rating?.id, value: 4.5 },
    { attribute_id: field['Available from']?.id, value: '2026-03-01' },
    { attribute_id: field.Owner?.id, team_member_ids: [sourcer] },
  ]);
  await createPerson('Chloe Dubois', { current_job_title: 'Engineering Manager', company_name: 'Initech', job_id: jobId }, [
    { attribute_id: field.Skills?.id, tag_ids: [tag('Skills', 'Go')] },
    { attribute_id: field.Seniority?.id, tag_ids: [tag('Seniority', 'Senior')] },
    { attribute_id: field.Years?.id, value: 12 },
    { attribute_id: field.Owner?.id, team_member_ids: [recruiter, sourcer] },
    { attribute_id: field['Worked at']?.id, company_ids: [globex] },
  ]);
  await createPerson('Dmitri Ivanov', { current_job_title: 'Data Engineer', emails: ['dmitri@globex.example'] }, [{ attribute_id: field.Seniority?.id, tag_ids: [tag('Seniority', 'Junior')] }]);
  await createPerson('emma stone', {});
}, 60_000);
afterAll(async () => api.close());

describe('POST /v1/persons/search', () => {
  it('pages every person newest first with meta, the rows carrying custom fields but no per-person links', async () => {
    const response = await api.request('POST', '/v1/persons/search', { body: { limit: 2, offset: 1 } });
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ total: 5, offset: 1, limit: 2 });
    expect(response.body.data.map((row: { name: string }) => row.name)).toEqual(['Dmitri Ivanov', 'Chloe Dubois']);
    const chloe = response.body.data[1];
    expect(chloe).not.toHaveProperty('candidate_ids');
    expect(chloe).not.toHaveProperty('client_contact_id');
    expect(chloe.custom_fields).toContainEqual(expect.objectContaining({ attribute_name: 'Years', value: 12 }));
    expect(await search({})).toEqual(['emma stone', 'Dmitri Ivanov', 'Chloe Dubois', 'Bruno Costa', 'Alice Martin']);
  });

  it('sorts by created_at, updated_at and name (case-insensitive) in both orders', async () => {
    expect(await search({ sort_by: 'created_at', sort_order: 'asc' })).toEqual(['Alice Martin', 'Bruno Costa', 'Chloe Dubois', 'Dmitri Ivanov', 'emma stone']);
    expect(await search({ sort_by: 'name', sort_order: 'asc' })).toEqual(['Alice Martin', 'Bruno Costa', 'Chloe Dubois', 'Dmitri Ivanov', 'emma stone']);
    expect(await search({ sort_by: 'name' })).toEqual(['emma stone', 'Dmitri Ivanov', 'Chloe Dubois', 'Bruno Costa', 'Alice Martin']);
    // Each of the first four was patched right after its creation; Emma was never patched.
    const byUpdate = await search({ sort_by: 'updated_at', sort_order: 'asc' });
    expect(byUpdate).toEqual(['Alice Martin', 'Bruno Costa', 'Chloe Dubois', 'Dmitri Ivanov', 'emma stone']);
    await api.request('PATCH', `/v1/persons/${person['Alice Martin']}`, { body: { social_location: 'Lyon' } });
    expect((await search({ sort_by: 'updated_at' }))[0]).toBe('Alice Martin');
    // The same sorts over a filtered set (sorted in memory) agree with the index order.
    expect(await search({ keywords: ['engineer'], sort_by: 'name', sort_order: 'desc' })).toEqual(['Dmitri Ivanov', 'Chloe Dubois', 'Alice Martin']);
    expect(await search({ keywords: ['engineer'], sort_by: 'updated_at' })).toEqual(['Alice Martin', 'Dmitri Ivanov', 'Chloe Dubois']);
  });

  it('matches every keyword, case-insensitively, against name, title, company, work history and email', async () => {
    expect(await search({ keywords: ['ENGINEER'], sort_order: 'asc' })).toEqual(['Alice Martin', 'Chloe Dubois', 'Dmitri Ivanov']);
    expect(await search({ keywords: ['initech', 'manager'] })).toEqual(['Chloe Dubois']);
    expect(await search({ keywords: ['hooli'] })).toEqual(['Bruno Costa']);
    expect(await search({ keywords: ['globex.example'] })).toEqual(['Dmitri Ivanov']);
    expect(await search({ keywords: ['costa'] })).toEqual(['Bruno Costa']);
    expect(await search({ keywords: ['nobody'] })).toEqual([]);
  });

  it("keeps a job's candidates with job_id, and refuses another team's job", async () => {
    expect(await search({ job_id: jobId, sort_order: 'asc' })).toEqual(['Alice Martin', 'Chloe Dubois']);
    const foreignJob = (await api.request('POST', '/v1/jobs', { token: api.teamB.api_key, body: { name: 'Foreign' } })).body.data.id;
    const response = await api.request('POST', '/v1/persons/search', { body: { job_id: foreignJob } });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([{ path: 'body.job_id', message: 'Not a job of this team' }]);
  });

  it("keeps a list's members with list_id, intersected with job_id, and refuses foreign or company lists", async () => {
    const list = (await api.request('POST', '/v1/lists', { body: { name: 'Shortlist', list_type: 'persons' } })).body.data.id;
    const added = await api.request('POST', `/v1/lists/${list}/items`, { body: { person_ids: [person['Alice Martin'], person['Bruno Costa']], team_member_id: api.teamA.team_member_id } });
    expect(added.body.data.added_ids).toHaveLength(2);
    expect(await search({ list_id: list, sort_order: 'asc' })).toEqual(['Alice Martin', 'Bruno Costa']);
    expect(await search({ list_id: list, job_id: jobId })).toEqual(['Alice Martin']);
    expect(await search({ list_id: list, keywords: ['designer'] })).toEqual(['Bruno Costa']);
    await api.request('DELETE', `/v1/lists/${list}/items`, { body: { person_ids: [person['Alice Martin']], team_member_id: api.teamA.team_member_id } });
    expect(await search({ list_id: list })).toEqual(['Bruno Costa']);

    const companies = (await api.request('POST', '/v1/lists', { body: { name: 'Targets', list_type: 'companies' } })).body.data.id;
    const foreign = (await api.request('POST', '/v1/lists', { token: api.teamB.api_key, body: { name: 'Foreign', list_type: 'persons' } })).body.data.id;
    for (const [listId, message] of [[companies, 'Not a list of persons'], [foreign, 'Not a list of this team']]) {
      const response = await api.request('POST', '/v1/persons/search', { body: { list_id: listId } });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toEqual([{ path: 'body.list_id', message }]);
    }
  });

  it('select filters: any, all and none', async () => {
    const [ts, go, rust] = [tag('Skills', 'TypeScript'), tag('Skills', 'Go'), tag('Skills', 'Rust')];
    const skills = field.Skills?.id;
    expect(await search({ select_attribute_filters: [{ attribute_id: skills, tag_ids: [ts, rust], operator: 'any' }], sort_order: 'asc' })).toEqual(['Alice Martin', 'Bruno Costa']);
    expect(await search({ select_attribute_filters: [{ attribute_id: skills, tag_ids: [go], operator: 'any' }], sort_order: 'asc' })).toEqual(['Alice Martin', 'Chloe Dubois']);
    expect(await search({ select_attribute_filters: [{ attribute_id: skills, tag_ids: [ts, go], operator: 'all' }] })).toEqual(['Alice Martin']);
    expect(await search({ select_attribute_filters: [{ attribute_id: skills, tag_ids: [go], operator: 'none' }], sort_order: 'asc' })).toEqual(['Bruno Costa', 'Dmitri Ivanov', 'emma stone']);
    expect(await search({ select_attribute_filters: [{ attribute_id: skills, tag_ids: [rust] }] })).toEqual(['Bruno Costa']);
  });

  it('numeric filters: min and max inclusive, on integer and number fields', async () => {
    const years = field.Years?.id;
    expect(await search({ numeric_attribute_filters: [{ attribute_id: years, min: 8 }], sort_order: 'asc' })).toEqual(['Alice Martin', 'Chloe Dubois']);
    expect(await search({ numeric_attribute_filters: [{ attribute_id: years, max: 8 }], sort_order: 'asc' })).toEqual(['Alice Martin', 'Bruno Costa']);
    expect(await search({ numeric_attribute_filters: [{ attribute_id: years, min: 4, max: 11 }] })).toEqual(['Alice Martin']);
    expect(await search({ numeric_attribute_filters: [{ attribute_id: years }], sort_order: 'asc' })).toEqual(['Alice Martin', 'Bruno Costa', 'Chloe Dubois']);
    expect(await search({ numeric_attribute_filters: [{ attribute_id: field.Rating?.id, min: 4.5, max: 4.5 }] })).toEqual(['Bruno Costa']);
  });

  it('date filters: start and end inclusive', async () => {
    const available = field['Available from']?.id;
    expect(await search({ date_attribute_filters: [{ attribute_id: available, start: '2026-01-15' }], sort_order: 'asc' })).toEqual(['Alice Martin', 'Bruno Costa']);
    expect(await search({ date_attribute_filters: [{ attribute_id: available, end: '2026-01-15' }] })).toEqual(['Alice Martin']);
    expect(await search({ date_attribute_filters: [{ attribute_id: available, start: '2026-01-16', end: '2026-03-01' }] })).toEqual(['Bruno Costa']);
  });

  it('team member and company filters: any of the ids', async () => {
    expect(await search({ team_member_attribute_filters: [{ attribute_id: field.Owner?.id, team_member_ids: [recruiter] }], sort_order: 'asc' })).toEqual(['Alice Martin', 'Chloe Dubois']);
    expect(await search({ team_member_attribute_filters: [{ attribute_id: field.Owner?.id, team_member_ids: [sourcer] }], sort_order: 'asc' })).toEqual(['Bruno Costa', 'Chloe Dubois']);
    expect(await search({ company_attribute_filters: [{ attribute_id: field['Worked at']?.id, company_ids: [acme, globex] }], sort_order: 'asc' })).toEqual(['Alice Martin', 'Chloe Dubois']);
    expect(await search({ company_attribute_filters: [{ attribute_id: field['Worked at']?.id, company_ids: [globex] }] })).toEqual(['Chloe Dubois']);
  });

  it('combines every criterion with AND, and counts the matches in meta.total', async () => {
    const body = {
      keywords: ['initech'],
      job_id: jobId,
      select_attribute_filters: [{ attribute_id: field.Seniority?.id, tag_ids: [tag('Seniority', 'Senior')], operator: 'any' }],
      numeric_attribute_filters: [{ attribute_id: field.Years?.id, min: 10 }],
      team_member_attribute_filters: [{ attribute_id: field.Owner?.id, team_member_ids: [sourcer] }],
      company_attribute_filters: [{ attribute_id: field['Worked at']?.id, company_ids: [globex] }],
    };
    expect(await search(body)).toEqual(['Chloe Dubois']);
    expect(await search({ ...body, numeric_attribute_filters: [{ attribute_id: field.Years?.id, max: 10 }] })).toEqual([]);
    const paged = await api.request('POST', '/v1/persons/search', { body: { keywords: ['engineer'], limit: 1, offset: 1, sort_order: 'asc' } });
    expect(paged.body).toMatchObject({ data: [expect.objectContaining({ name: 'Chloe Dubois' })], meta: { total: 3, offset: 1, limit: 1 } });
  });

  it('refuses unknown attributes, filter kinds that do not fit the data type, foreign tags and bounds out of order, all at once', async () => {
    const foreignField = (await api.request('POST', '/v1/custom-fields/persons', { token: api.teamB.api_key, body: { name: 'Foreign', data_type: 'integer' } })).body.data.id;
    const response = await api.request('POST', '/v1/persons/search', {
      body: {
        numeric_attribute_filters: [{ attribute_id: foreignField, min: 1 }, { attribute_id: field.Years?.id, min: 5, max: 1 }],
        select_attribute_filters: [{ attribute_id: field.Years?.id, tag_ids: [tag('Skills', 'Go')] }, { attribute_id: field.Skills?.id, tag_ids: [tag('Seniority', 'Junior')] }],
        date_attribute_filters: [{ attribute_id: field.Notes?.id, start: '2026-01-01' }, { attribute_id: field['Available from']?.id, start: '2026-02-01', end: '2026-01-01' }],
        team_member_attribute_filters: [{ attribute_id: field['Worked at']?.id, team_member_ids: [recruiter] }],
        company_attribute_filters: [{ attribute_id: field.Owner?.id, company_ids: [acme] }],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toEqual([
      'body.select_attribute_filters.0.attribute_id',
      'body.select_attribute_filters.1.tag_ids',
      'body.numeric_attribute_filters.0.attribute_id',
      'body.numeric_attribute_filters.1.min',
      'body.date_attribute_filters.0.attribute_id',
      'body.date_attribute_filters.1.start',
      'body.team_member_attribute_filters.0.attribute_id',
      'body.company_attribute_filters.0.attribute_id',
    ]);
    expect(response.body.error.details[0].message).toBe('"Years" (integer) does not fit a select filter, which takes single-select or multi-select fields');
  });

  it('validates the body: bounds, operator, malformed ids, unknown fields', async () => {
    for (const body of [{ limit: 101 }, { offset: -1 }, { sort_by: 'email' }, { select_attribute_filters: [{ attribute_id: field.Skills?.id, tag_ids: [tag('Skills', 'Go')], operator: 'some' }] }, { select_attribute_filters: [{ attribute_id: field.Skills?.id, tag_ids: [] }] }, { job_id: 'nope' }, { date_attribute_filters: [{ attribute_id: field['Available from']?.id, start: '01/02/2026' }] }, { unknown: true }]) {
      const response = await api.request('POST', '/v1/persons/search', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it("never shows another team's persons", async () => {
    await api.request('POST', '/v0/persons', { token: api.teamB.api_key, body: { name: 'Alice Other Team' } });
    expect(await search({ keywords: ['alice'] })).toEqual(['Alice Martin']);
    const teamB = await api.request('POST', '/v1/persons/search', { token: api.teamB.api_key, body: {} });
    expect(teamB.body.data.map((row: { name: string }) => row.name)).toEqual(['Alice Other Team']);
    expect(teamB.body.meta.total).toBe(1);
  });
});
