import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const unknownId = '8f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

async function createJob(name: string, token = api.teamA.api_key): Promise<string> {
  return (await api.request('POST', '/v1/jobs', { token, body: { name } })).body.data.id;
}

async function createCompany(name: string, domain: string | null = null, token = api.teamA.api_key): Promise<string> {
  const response = await api.request('POST', '/v1/companies', { token, body: { name, domain } });
  expect(response.status).toBe(201);
  return response.body.data.id;
}

const targets = (jobId: string, query = '') => api.request('GET', `/v1/jobs/${jobId}/target-companies${query}`);
const add = (jobId: string, body: unknown, token?: string) => api.request('POST', `/v1/jobs/${jobId}/target-companies`, { body, ...(token ? { token } : {}) });
const remove = (jobId: string, body: unknown, token?: string) => api.request('DELETE', `/v1/jobs/${jobId}/target-companies`, { body, ...(token ? { token } : {}) });

describe('POST /v1/jobs/{id}/target-companies', () => {
  it('judges each id on its own: valid, duplicate, unknown, other-team and malformed ids in one request (200)', async () => {
    const jobId = await createJob('Target hunt');
    const alpha = await createCompany('Alpha', 'alpha.test');
    const beta = await createCompany('Beta');
    const theirs = await createCompany('Their company', null, api.teamB.api_key);
    const response = await add(jobId, { company_ids: [alpha, 'not-a-uuid', beta, alpha, unknownId, theirs, ''] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        job_id: jobId,
        added_ids: [alpha, beta],
        already_present_ids: [],
        failed: [
          { id: 'not-a-uuid', reason: 'invalid_id' },
          { id: unknownId, reason: 'not_found' },
          { id: theirs, reason: 'not_found' },
          { id: '', reason: 'invalid_id' },
        ],
      },
    });
    expect((await targets(jobId)).body.data.map((row: { company_id: string }) => row.company_id)).toEqual([alpha, beta]);
  });

  it('reports companies already on the list in already_present_ids on a second add', async () => {
    const jobId = await createJob('Second add');
    const alpha = await createCompany('Alpha 2');
    const gamma = await createCompany('Gamma 2');
    expect((await add(jobId, { company_ids: [alpha] })).body.data.added_ids).toEqual([alpha]);
    const second = await add(jobId, { company_ids: [alpha, gamma] });
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ job_id: jobId, added_ids: [gamma], already_present_ids: [alpha], failed: [] });
    expect((await targets(jobId)).body.meta.total).toBe(2);
  });

  it('refuses a body whose company_ids is missing, empty, not an array of strings, too long, or beside another field (400)', async () => {
    const jobId = await createJob('Bad bodies');
    const alpha = await createCompany('Alpha 3');
    const refusal = async (body: unknown) => {
      const response = await add(jobId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      return response.body.error.details.map((detail: { path: string }) => detail.path);
    };
    expect(await refusal({ company_ids: [] })).toEqual(['body.company_ids']);
    expect(await refusal({})).toEqual(['body.company_ids']);
    expect(await refusal({ company_ids: alpha })).toEqual(['body.company_ids']);
    expect(await refusal({ company_ids: null })).toEqual(['body.company_ids']);
    expect(await refusal({ company_ids: [alpha, 7] })).toEqual(['body.company_ids.1']);
    expect((await refusal({ person_ids: [alpha] })).sort()).toEqual(['body.company_ids', 'body.person_ids']);
    expect(await refusal({ company_ids: [alpha], team_member_id: unknownId })).toEqual(['body.team_member_id']);
    expect(await refusal({ company_ids: Array.from({ length: 100 }, () => alpha) })).toEqual(['body.company_ids']);
    expect((await api.request('POST', `/v1/jobs/${jobId}/target-companies`)).status).toBe(400);
    expect((await targets(jobId)).body.meta.total).toBe(0);
  });

  it('adds the most ids a request takes (99, with the event in the same transaction) in one go', async () => {
    const jobId = await createJob('Long list');
    const ids: string[] = [];
    for (let batch = 0; batch < 10; batch += 1) ids.push(...(await Promise.all(Array.from({ length: batch === 9 ? 9 : 10 }, (_, index) => createCompany(`Bulk ${batch}-${index}`)))));
    const response = await add(jobId, { company_ids: ids });
    expect(response.status).toBe(200);
    expect(response.body.data.added_ids).toEqual(ids);
    const listed = await targets(jobId, '?offset=95&limit=10');
    expect(listed.body.meta).toEqual({ total: 99, offset: 95, limit: 10 });
    expect(listed.body.data.map((row: { company_id: string }) => row.company_id)).toEqual(ids.slice(95));
  });

  it("answers 404 for an unknown job and another team's job, and 400 for a malformed job id", async () => {
    const alpha = await createCompany('Alpha 4');
    const theirJob = await createJob('Their job', api.teamB.api_key);
    const theirs = await add(theirJob, { company_ids: [alpha] });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('NOT_FOUND');
    expect((await add(unknownId, { company_ids: [alpha] })).status).toBe(404);
    expect((await api.request('GET', `/v1/jobs/${theirJob}/target-companies`)).status).toBe(404);
    expect((await remove(theirJob, { company_ids: [alpha] })).status).toBe(404);
    expect((await add('not-a-uuid', { company_ids: [alpha] })).status).toBe(400);
    expect((await api.request('GET', `/v1/jobs/${theirJob}/target-companies`, { token: api.teamB.api_key })).body.meta.total).toBe(0);
  });
});

describe('GET /v1/jobs/{id}/target-companies', () => {
  it('lists the companies in the order added with name, domain and added_at, paginated with meta', async () => {
    const jobId = await createJob('Listing');
    const one = await createCompany('One', 'one.test');
    const two = await createCompany('Two');
    const three = await createCompany('Three', 'three.test');
    await add(jobId, { company_ids: [two, one] });
    await add(jobId, { company_ids: [three] });
    const all = await targets(jobId);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      success: true,
      data: [
        { company_id: two, name: 'Two', domain: null, added_at: timestamp },
        { company_id: one, name: 'One', domain: 'one.test', added_at: timestamp },
        { company_id: three, name: 'Three', domain: 'three.test', added_at: timestamp },
      ],
      meta: { total: 3, offset: 0, limit: 100 },
    });
    const second = await targets(jobId, '?offset=1&limit=1');
    expect(second.body).toEqual({ success: true, data: [all.body.data[1]], meta: { total: 3, offset: 1, limit: 1 } });
    expect((await targets(jobId, '?limit=0')).status).toBe(400);
    expect((await targets(jobId, '?offset=-1')).status).toBe(400);

    expect((await api.request('DELETE', `/v1/companies/${one}`)).status).toBe(200);
    const afterDeletion = await targets(jobId);
    expect(afterDeletion.body.data.map((row: { company_id: string }) => row.company_id)).toEqual([two, three]);
    expect(afterDeletion.body.meta.total).toBe(2);
  });
});

describe('DELETE /v1/jobs/{id}/target-companies', () => {
  it('removes listed companies and reports the others in not_found_ids or failed (200)', async () => {
    const jobId = await createJob('Removal');
    const listed = await createCompany('Listed');
    const kept = await createCompany('Kept');
    const notListed = await createCompany('Not listed');
    const theirs = await createCompany('Theirs too', null, api.teamB.api_key);
    await add(jobId, { company_ids: [listed, kept] });
    const response = await remove(jobId, { company_ids: [listed, notListed, unknownId, 'bad-id', theirs, listed] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        job_id: jobId,
        removed_ids: [listed],
        not_found_ids: [notListed],
        failed: [
          { id: unknownId, reason: 'not_found' },
          { id: 'bad-id', reason: 'invalid_id' },
          { id: theirs, reason: 'not_found' },
        ],
      },
    });
    const rows = await targets(jobId);
    expect(rows.body.data.map((row: { company_id: string }) => row.company_id)).toEqual([kept]);
    expect(rows.body.meta.total).toBe(1);
    expect((await remove(jobId, { company_ids: [listed] })).body.data).toEqual({ job_id: jobId, removed_ids: [], not_found_ids: [listed], failed: [] });
    expect((await remove(jobId, { company_ids: [] })).status).toBe(400);
    expect((await remove(jobId, { person_ids: [kept] })).status).toBe(400);
    expect((await api.request('DELETE', `/v1/jobs/${jobId}/target-companies`)).status).toBe(400);
  });

  it('lets a removed company be added again, counted as added with a new added_at', async () => {
    const jobId = await createJob('Re-add');
    const first = await createCompany('First');
    const second = await createCompany('Second');
    await add(jobId, { company_ids: [first, second] });
    const addedAt = (await targets(jobId)).body.data[0].added_at as string;
    await remove(jobId, { company_ids: [first] });
    const again = await add(jobId, { company_ids: [first] });
    expect(again.body.data).toEqual({ job_id: jobId, added_ids: [first], already_present_ids: [], failed: [] });
    const rows = (await targets(jobId)).body.data as { company_id: string; added_at: string }[];
    expect(rows.map((row) => row.company_id)).toEqual([second, first]);
    expect(String(rows[1]?.added_at) > addedAt).toBe(true);
    expect((await add(jobId, { company_ids: [first] })).body.data.already_present_ids).toEqual([first]);
  });
});
