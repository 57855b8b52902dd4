import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

let jobId = '';
const listId = '22222222-2222-4222-8222-222222222222';

describe('Custom field definitions', () => {
  beforeAll(async () => {
    jobId = (await api.request('POST', '/v1/jobs', { body: { name: 'Fields job' } })).body.data.id;
  });

  it("refuses a job-specific field for a job that is not the team's", async () => {
    const theirs = (await api.request('POST', '/v1/jobs', { token: api.teamB.api_key, body: { name: 'Their job' } })).body.data.id;
    const response = await api.request('POST', '/v1/custom-fields/persons', { body: { name: 'X', data_type: 'text', job_id: theirs } });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([{ path: 'body.job_id', message: 'Not a job of this team' }]);
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
