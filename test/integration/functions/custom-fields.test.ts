import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

let jobId = '';
let listId = '';
const unknownId = '22222222-2222-4222-8222-222222222222';

describe('Custom field definitions', () => {
  beforeAll(async () => {
    jobId = (await api.request('POST', '/v1/jobs', { body: { name: 'Fields job' } })).body.data.id;
    listId = (await api.request('POST', '/v1/lists', { body: { name: 'Fields list', list_type: 'persons' } })).body.data.id;
  });

  it("refuses a job-specific field for a job that is not the team's", async () => {
    const theirs = (await api.request('POST', '/v1/jobs', { token: api.teamB.api_key, body: { name: 'Their job' } })).body.data.id;
    const response = await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'X', data_type: 'text', job_id: theirs } });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([{ path: 'body.job_id', message: 'Not a job of this team' }]);
  });

  it("refuses a list-specific field for a list that is not a persons list of the team, and names the list in details", async () => {
    const theirs = (await api.request('POST', '/v1/lists', { token: api.teamB.api_key, body: { name: 'Their list', list_type: 'persons' } })).body.data.id;
    const companies = (await api.request('POST', '/v1/lists', { body: { name: 'Company list', list_type: 'companies' } })).body.data.id;
    const refusal = async (id: string) => {
      const response = await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'X', data_type: 'text', list_id: id } });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      return response.body.error.details;
    };
    expect(await refusal(theirs)).toEqual([{ path: 'body.list_id', message: 'Not a list of this team' }]);
    expect(await refusal(unknownId)).toEqual([{ path: 'body.list_id', message: 'Not a list of this team' }]);
    expect(await refusal(companies)).toEqual([{ path: 'body.list_id', message: 'Not a persons list' }]);
    const shortlist = (await api.request('POST', '/v1/lists', { body: { name: 'Shortlist', list_type: 'persons' } })).body.data.id;
    const created = await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'Shortlist rank', data_type: 'integer', list_id: shortlist } });
    expect(created.status).toBe(201);
    expect(created.body.data.list_id).toBe(shortlist);
    expect((await api.request('GET', '/v1/custom-fields/persons', { token: api.teamB.api_key })).body.data).toEqual([]);
  });

  it('answers only the global definitions for a list_id or job_id naming nothing of the team, the same way for both', async () => {
    const theirList = (await api.request('POST', '/v1/lists', { token: api.teamB.api_key, body: { name: 'Their other list', list_type: 'persons' } })).body.data.id;
    const ids = async (query: string) => {
      const response = await api.request('GET', `/v1/custom-fields/persons${query}`);
      expect(response.status).toBe(200);
      return (response.body.data as { id: string; job_id: string | null; list_id: string | null }[]).map((definition) => definition.id);
    };
    const globalIds = await ids('');
    expect(await ids(`?list_id=${unknownId}`)).toEqual(globalIds);
    expect(await ids(`?list_id=${theirList}`)).toEqual(globalIds);
    expect(await ids(`?job_id=${unknownId}`)).toEqual(globalIds);
    expect((await api.request('GET', '/v1/custom-fields/persons?list_id=nope')).status).toBe(400);
  });

  it('creates a select field with tags (201) and lists it with every field', async () => {
    const created = await api.request('POST', '/v1/custom-fields/companies', {
      body: { name: 'Industry', description: 'Main sector', data_type: 'single-select', tags: [{ name: 'SaaS', color: '#112233' }, { name: 'Retail', color: '#445566', description: 'Shops' }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Industry',
      description: 'Main sector',
      data_type: 'single-select',
      job_id: null,
      list_id: null,
      tags: [
        { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'SaaS', color: '#112233', description: null },
        { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Retail', color: '#445566', description: 'Shops' },
      ],
    });
    const listed = await api.request('GET', '/v1/custom-fields/companies');
    expect(listed.body.data).toContainEqual(created.body.data);
    expect((await api.request('GET', '/v1/custom-fields/jobs')).body.data).toEqual([]);
  });

  it('answers global person definitions only, adds job- and list-specific ones when asked, and combines both', async () => {
    const global = await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'Years of experience', data_type: 'integer' } });
    const forJob = await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'Interview score', data_type: 'number', job_id: jobId } });
    const forList = await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'Event attended', data_type: 'date', list_id: listId } });
    const ids = async (query: string) => ((await api.request('GET', `/v1/custom-fields/persons${query}`)).body.data as { id: string }[]).map((definition) => definition.id);
    expect(await ids('')).toEqual([global.body.data.id]);
    expect(await ids(`?job_id=${jobId}`)).toEqual([global.body.data.id, forJob.body.data.id]);
    expect(await ids(`?list_id=${listId}`)).toEqual([global.body.data.id, forList.body.data.id]);
    expect(await ids(`?job_id=${jobId}&list_id=${listId}`)).toEqual([global.body.data.id, forJob.body.data.id, forList.body.data.id]);
    expect((await api.request('GET', '/v1/custom-fields/persons?job_id=nope')).status).toBe(400);
  });

  it('refuses tags on non-select types, job or list on company fields, both at once, and unknown types', async () => {
    const tags = await api.request('POST', '/v1/custom-fields/jobs', { body: { name: 'Budget', data_type: 'integer', tags: [{ name: 'x', color: '#000000' }] } });
    expect(tags.status).toBe(400);
    expect(tags.body.error.details).toEqual([{ path: 'body.tags', message: 'Not allowed for data type integer' }]);
    expect((await api.request('POST', '/v1/custom-fields/companies', { body: { name: 'X', data_type: 'text', job_id: jobId } })).status).toBe(400);
    expect((await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'X', data_type: 'text', job_id: jobId, list_id: listId } })).status).toBe(400);
    expect((await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'X', data_type: 'boolean' } })).status).toBe(400);
  });

  it('replaces tag options on update: kept ids stay, new ones are added, omitted ones go', async () => {
    const created = await api.request('POST', '/v1/custom-fields/jobs', { body: { name: 'Seniority', data_type: 'multi-select', tags: [{ name: 'Junior', color: '#000001' }, { name: 'Senior', color: '#000002' }] } });
    const [junior] = created.body.data.tags;
    const updated = await api.request('PATCH', `/v1/custom-fields/jobs/${created.body.data.id}`, { body: { name: 'Level', tags: [{ id: junior.id, name: 'Entry', color: '#000001' }, { name: 'Principal', color: '#000003' }] } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.name).toBe('Level');
    expect(updated.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['Entry', 'Principal']);
    expect(updated.body.data.tags[0].id).toBe(junior.id);
    const foreign = await api.request('PATCH', `/v1/custom-fields/jobs/${created.body.data.id}`, { body: { tags: [{ id: '33333333-3333-4333-8333-333333333333', name: 'X', color: '#000000' }] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details[0].path).toBe('body.tags.0.id');
    expect((await api.request('PATCH', `/v1/custom-fields/jobs/${created.body.data.id}`, { body: { data_type: 'text' } })).status).toBe(400);
  });

  it("deletes a definition, and another team's definitions are 404 and invisible", async () => {
    const created = await api.request('POST', '/v1/custom-fields/companies', { body: { name: 'Temporary', data_type: 'text' } });
    const path = `/v1/custom-fields/companies/${created.body.data.id}`;
    expect((await api.request('DELETE', path, { token: api.teamB.api_key })).status).toBe(404);
    expect((await api.request('PATCH', path, { token: api.teamB.api_key, body: { name: 'Mine' } })).status).toBe(404);
    expect((await api.request('GET', '/v1/custom-fields/companies', { token: api.teamB.api_key })).body.data).toEqual([]);
    const deleted = await api.request('DELETE', path);
    expect(deleted.body).toEqual({ success: true, data: { id: created.body.data.id, deleted: true } });
    expect((await api.request('GET', '/v1/custom-fields/companies')).body.data.map((definition: { id: string }) => definition.id)).not.toContain(created.body.data.id);
    expect((await api.request('DELETE', path)).status).toBe(404);
  });
});
