import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from '../../../infra/local/seed';
import type { SeededTeam } from '../../../infra/local/seed';
import { listStageHistory } from '../../../shared/domain/candidates/candidate-store';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';
import { markPersonDeleted, storePerson } from '../../support/persons';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

interface Stage {
  id: string;
  name: string;
  stage_order: number;
}

async function createJob(name: string, token = api.teamA.api_key, extra: Record<string, unknown> = {}): Promise<{ id: string; pipeline_stages: Stage[] }> {
  const response = await api.request('POST', '/v1/jobs', { token, body: { name, ...extra } });
  expect(response.status).toBe(201);
  return response.body.data;
}

describe('POST /v1/candidates', () => {
  it("puts the person in the job's first stage by default and answers the record (201)", async () => {
    const person = await storePerson(api.teamA.team_id, { name: 'Ana Lima' });
    const job = await createJob('Backend Engineer');
    const first = [...job.pipeline_stages].sort((a, b) => a.stage_order - b.stage_order)[0] as Stage;
    const created = await api.request('POST', '/v1/candidates', { body: { person_id: person.id, job_id: job.id } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: { id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), person_id: person.id, job_id: job.id, stage_id: first.id, created_at: timestamp, updated_at: timestamp },
    });
    expect(first.name).toBe('Sourced');
  });

  it('puts the person in the stage given, attributes the first history entry, and counts the candidate on the job', async () => {
    const job = await createJob('Designer');
    const screening = job.pipeline_stages.find((stage) => stage.name === 'Screening') as Stage;
    const countOf = async () => (await api.request('GET', `/v1/jobs/${job.id}`)).body.data.candidate_count as number;
    expect(await countOf()).toBe(0);
    const ana = await storePerson(api.teamA.team_id, { name: 'Ana' });
    const bo = await storePerson(api.teamA.team_id, { name: 'Bo' });
    const created = await api.request('POST', '/v1/candidates', { body: { person_id: ana.id, job_id: job.id, stage_id: screening.id, team_member_id: api.teamA.team_member_id } });
    expect(created.status).toBe(201);
    expect(created.body.data.stage_id).toBe(screening.id);
    expect(await countOf()).toBe(1);
    expect((await api.request('POST', '/v1/candidates', { token: api.teamA.session_token, body: { person_id: bo.id, job_id: job.id } })).status).toBe(201);
    expect(await countOf()).toBe(2);
    const history = await listStageHistory(api.teamA.team_id, created.body.data.id);
    expect(history.map(({ candidate_id, from_stage_id, to_stage_id, team_member_id, changed_at }) => ({ candidate_id, from_stage_id, to_stage_id, team_member_id, changed_at }))).toEqual([
      { candidate_id: created.body.data.id, from_stage_id: null, to_stage_id: screening.id, team_member_id: api.teamA.team_member_id, changed_at: created.body.data.created_at },
    ]);
  });

  it('answers 409 for a second candidate of the same person and job, and leaves the count alone', async () => {
    const person = await storePerson(api.teamA.team_id, { name: 'Cy' });
    const job = await createJob('Duplicate role');
    expect((await api.request('POST', '/v1/candidates', { body: { person_id: person.id, job_id: job.id } })).status).toBe(201);
    const second = await api.request('POST', '/v1/candidates', { body: { person_id: person.id, job_id: job.id, stage_id: job.pipeline_stages[2]?.id } });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'CONFLICT', message: 'This person is already a candidate for this job' });
    expect((await api.request('GET', `/v1/jobs/${job.id}`)).body.data.candidate_count).toBe(1);
    expect((await api.request('GET', `/v1/jobs/${job.id}/candidates`)).body.meta.total).toBe(1);
    // The same person may be a candidate of another job.
    const other = await createJob('Other role');
    expect((await api.request('POST', '/v1/candidates', { body: { person_id: person.id, job_id: other.id } })).status).toBe(201);
  });

  it("refuses another team's person and job, and a stage of another job, with 400 naming each", async () => {
    const theirPerson = await storePerson(api.teamB.team_id, { name: 'Theirs' });
    const theirJob = await createJob('Their job', api.teamB.api_key);
    const both = await api.request('POST', '/v1/candidates', { body: { person_id: theirPerson.id, job_id: theirJob.id } });
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe('VALIDATION_ERROR');
    expect(both.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['body.job_id', 'body.person_id']);

    const mine = await storePerson(api.teamA.team_id, { name: 'Mine' });
    const job = await createJob('Stage check');
    const otherJob = await createJob('Stage elsewhere');
    const foreignStage = await api.request('POST', '/v1/candidates', { body: { person_id: mine.id, job_id: job.id, stage_id: otherJob.pipeline_stages[0]?.id } });
    expect(foreignStage.status).toBe(400);
    expect(foreignStage.body.error.details).toEqual([{ path: 'body.stage_id', message: 'Not a pipeline stage of this job' }]);

    const deleted = await storePerson(api.teamA.team_id, { name: 'Gone' });
    await markPersonDeleted(api.teamA.team_id, deleted.id);
    expect((await api.request('POST', '/v1/candidates', { body: { person_id: deleted.id, job_id: job.id } })).body.error.details).toEqual([{ path: 'body.person_id', message: 'Not a person of this team' }]);
    expect((await api.request('POST', '/v1/candidates', { body: { person_id: mine.id, job_id: job.id, team_member_id: api.teamB.team_member_id } })).status).toBe(400);
    expect((await api.request('POST', '/v1/candidates', { body: { person_id: mine.id } })).status).toBe(400);
    expect((await api.request('POST', '/v1/candidates', { body: { person_id: mine.id, job_id: job.id, stage: 'Sourced' } })).status).toBe(400);
    expect((await api.request('POST', '/v1/candidates', { body: { person_id: 'nope', job_id: job.id } })).status).toBe(400);
    // Nothing was written by the refused requests.
    expect((await api.request('GET', `/v1/jobs/${job.id}`)).body.data.candidate_count).toBe(0);
  });
});

describe('GET /v1/jobs/{id}/candidates', () => {
  let team: SeededTeam;
  let job: { id: string; pipeline_stages: Stage[] };
  let screening: Stage;
  const created: { id: string; person_id: string; name: string; stage_id: string }[] = [];

  const list = async (query = '', jobId = job.id) => {
    const response = await api.request('GET', `/v1/jobs/${jobId}/candidates${query}`, { token: team.api_key });
    expect(response.status).toBe(200);
    return { ids: (response.body.data as { id: string }[]).map((row) => row.id), meta: response.body.meta, rows: response.body.data };
  };

  beforeAll(async () => {
    team = await seedTeam('Candidates Team', { email: 'cand@example.com', first_name: 'Cam', last_name: 'Didate' });
    job = await createJob('Listed role', team.api_key);
    screening = job.pipeline_stages.find((stage) => stage.name === 'Screening') as Stage;
    // Five candidates in this order; the 2nd and 4th in Screening, the others in Sourced.
    for (const [index, name] of ['P1', 'P2', 'P3', 'P4', 'P5'].entries()) {
      const person = await storePerson(team.team_id, { name });
      const body = { person_id: person.id, job_id: job.id, ...(index % 2 === 1 ? { stage_id: screening.id } : {}) };
      const response = await api.request('POST', '/v1/candidates', { token: team.api_key, body });
      created.push({ id: response.body.data.id, person_id: person.id, name, stage_id: response.body.data.stage_id });
    }
    // A candidate of another job of the team is never listed here.
    const other = await createJob('Unlisted role', team.api_key);
    await api.request('POST', '/v1/candidates', { token: team.api_key, body: { person_id: created[0]?.person_id, job_id: other.id } });
  });

  it('lists the job\'s candidates newest first with their person and meta', async () => {
    const { ids, meta, rows } = await list();
    expect(ids).toEqual(created.map((candidate) => candidate.id).reverse());
    expect(meta).toEqual({ total: 5, offset: 0, limit: 100 });
    const last = created[4] as (typeof created)[number];
    expect(rows[0]).toEqual({ id: last.id, person_id: last.person_id, job_id: job.id, stage_id: last.stage_id, person: { id: last.person_id, name: 'P5' }, created_at: timestamp, updated_at: timestamp });
  });

  it('pages with offset and limit, oldest first on request, with the total of all pages', async () => {
    expect(await list('?offset=1&limit=2')).toMatchObject({ ids: [created[3]?.id, created[2]?.id], meta: { total: 5, offset: 1, limit: 2 } });
    expect(await list('?sort_order=asc&offset=3')).toMatchObject({ ids: [created[3]?.id, created[4]?.id], meta: { total: 5, offset: 3, limit: 100 } });
    expect(await list('?offset=10')).toMatchObject({ ids: [], meta: { total: 5, offset: 10, limit: 100 } });
  });

  it('keeps one stage with stage_id, its total from the stage counter', async () => {
    expect(await list(`?stage_id=${screening.id}`)).toMatchObject({ ids: [created[3]?.id, created[1]?.id], meta: { total: 2, offset: 0, limit: 100 } });
    expect(await list(`?stage_id=${screening.id}&limit=1&offset=1`)).toMatchObject({ ids: [created[1]?.id], meta: { total: 2, offset: 1, limit: 1 } });
    const offer = job.pipeline_stages.find((stage) => stage.name === 'Offer') as Stage;
    expect(await list(`?stage_id=${offer.id}`)).toMatchObject({ ids: [], meta: { total: 0 } });
  });

  it('shows a deleted person as null', async () => {
    const gone = await storePerson(team.team_id, { name: 'Soon gone' });
    const candidate = (await api.request('POST', '/v1/candidates', { token: team.api_key, body: { person_id: gone.id, job_id: job.id, stage_id: job.pipeline_stages[6]?.id } })).body.data;
    await markPersonDeleted(team.team_id, gone.id);
    const { rows } = await list(`?stage_id=${job.pipeline_stages[6]?.id}`);
    expect(rows).toEqual([expect.objectContaining({ id: candidate.id, person: null })]);
  });

  it('refuses out-of-bounds paging and a stage of another job with 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc', '?stage_id=not-a-uuid']) {
      const response = await api.request('GET', `/v1/jobs/${job.id}/candidates${query}`, { token: team.api_key });
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
    const other = await createJob('Stage owner', team.api_key);
    const foreign = await api.request('GET', `/v1/jobs/${job.id}/candidates?stage_id=${other.pipeline_stages[0]?.id}`, { token: team.api_key });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([{ path: 'query.stage_id', message: 'Not a pipeline stage of this job' }]);
  });

  it("answers 404 for another team's job and an unknown job", async () => {
    const theirs = await createJob('Their listed role', api.teamB.api_key);
    const response = await api.request('GET', `/v1/jobs/${theirs.id}/candidates`, { token: team.api_key });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
    expect((await api.request('GET', '/v1/jobs/00000000-0000-4000-8000-000000000000/candidates', { token: team.api_key })).status).toBe(404);
    expect((await api.request('GET', '/v1/jobs/not-a-uuid/candidates', { token: team.api_key })).status).toBe(400);
  });
});
