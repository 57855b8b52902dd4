import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStageHistory } from '../../../shared/domain/candidates/candidate-store';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';
import { storePerson } from '../../support/persons';

let api: TestApi;

interface Stage {
  id: string;
  name: string;
}
interface Job {
  id: string;
  name: string;
  pipeline_stages: Stage[];
}
interface Candidate {
  id: string;
  person_id: string;
  job_id: string;
  stage_id: string;
}

async function createJob(name: string, extra: Record<string, unknown> = {}, token = api.teamA.api_key): Promise<Job> {
  const response = await api.request('POST', '/v1/jobs', { token, body: { name, ...extra } });
  expect(response.status).toBe(201);
  return response.body.data;
}

async function addCandidate(personId: string, job: Job, stageId?: string): Promise<Candidate> {
  const response = await api.request('POST', '/v1/candidates', { body: { person_id: personId, job_id: job.id, ...(stageId ? { stage_id: stageId } : {}) } });
  expect(response.status).toBe(201);
  return response.body.data;
}

const move = (body: Record<string, unknown>, token = api.teamA.api_key) => api.request('POST', '/v1/candidates/update-stage', { token, body });

const stageNamed = (job: Job, name: string) => job.pipeline_stages.find((stage) => stage.name === name) as Stage;

/** The candidate's current stage, as the job's candidate list shows it. */
async function currentStage(job: Job, candidateId: string): Promise<string> {
  const rows = (await api.request('GET', `/v1/jobs/${job.id}/candidates`)).body.data as Candidate[];
  return (rows.find((row) => row.id === candidateId) as Candidate).stage_id;
}

const stageTotal = async (job: Job, stageId: string) => (await api.request('GET', `/v1/jobs/${job.id}/candidates?stage_id=${stageId}`)).body.meta.total as number;

/** Checks that each history entry starts where the previous one ended, and returns the entries. */
async function chainedHistory(candidateId: string) {
  const history = await listStageHistory(api.teamA.team_id, candidateId);
  expect(history[0]?.from_stage_id).toBeNull();
  history.slice(1).forEach((entry, index) => expect(entry.from_stage_id).toBe(history[index]?.to_stage_id));
  return history;
}

let backend: Job;
let dataJob: Job;
let ana: { id: string };
let bo: { id: string };
let anaBackend: Candidate;
let boBackend: Candidate;
let anaData: Candidate;

beforeAll(async () => {
  api = await startTestApi();
  backend = await createJob('Backend Engineer');
  dataJob = await createJob('Data Scientist', { pipeline_stages: [{ name: 'Applied' }, { name: 'Take-home' }, { name: 'Screening' }] });
  ana = await storePerson(api.teamA.team_id, { name: 'Ana Lima', emails: [{ contact_data_type: 'work', value: 'ana@work.test' }, { contact_data_type: 'personal', value: 'Ana.Personal@Mail.test' }] });
  bo = await storePerson(api.teamA.team_id, { name: 'Bo Chen', emails: [{ contact_data_type: 'work', value: 'bo@work.test' }] });
  await storePerson(api.teamA.team_id, { name: 'Cy Dee', emails: [{ contact_data_type: 'work', value: 'cy@work.test' }] });
  anaBackend = await addCandidate(ana.id, backend);
  boBackend = await addCandidate(bo.id, backend);
  anaData = await addCandidate(ana.id, dataJob);
});
afterAll(async () => api.close());

describe('POST /v1/candidates/update-stage: identification', () => {
  const jobWays = ['job_id', 'job_name'] as const;
  const candidateWays = ['candidate_id', 'candidate_email', 'candidate_name'] as const;
  const stageWays = ['stage_id', 'stage_name'] as const;
  const combinations = jobWays.flatMap((job) => candidateWays.flatMap((candidate) => stageWays.map((stage) => [job, candidate, stage] as const)));

  it.each(combinations)('moves the candidate found by %s + %s + %s', async (jobWay, candidateWay, stageWay) => {
    const previous = await currentStage(backend, anaBackend.id);
    const stages = backend.pipeline_stages;
    const target = stages[(stages.findIndex((stage) => stage.id === previous) + 1) % stages.length] as Stage;
    const body = {
      ...(jobWay === 'job_id' ? { job_id: backend.id } : { job_name: 'Backend Engineer' }),
      ...(candidateWay === 'candidate_id' ? { candidate_id: anaBackend.id } : candidateWay === 'candidate_email' ? { candidate_email: 'ana@work.test' } : { candidate_name: 'Ana Lima' }),
      ...(stageWay === 'stage_id' ? { stage_id: target.id } : { stage_name: target.name }),
    };
    const response = await move(body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { candidate_id: anaBackend.id, person_id: ana.id, job_id: backend.id, previous_stage_id: previous, new_stage_id: target.id } });
    expect(await currentStage(backend, anaBackend.id)).toBe(target.id);
  });

  it('matches names and emails ignoring case, and any email of the person', async () => {
    const response = await move({ job_name: 'BACKEND engineer', candidate_email: 'ana.personal@MAIL.TEST', stage_name: 'interviewing' });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ candidate_id: anaBackend.id, new_stage_id: stageNamed(backend, 'Interviewing').id });
    const byName = await move({ job_id: backend.id, candidate_name: 'bo CHEN', stage_name: 'OFFER' });
    expect(byName.body.data).toMatchObject({ candidate_id: boBackend.id, person_id: bo.id, new_stage_id: stageNamed(backend, 'Offer').id });
  });

  it('matches exactly: a part of a name or email is no match (404)', async () => {
    expect((await move({ job_name: 'Backend', candidate_id: anaBackend.id, stage_name: 'Offer' })).status).toBe(404);
    expect((await move({ job_id: backend.id, candidate_name: 'Ana', stage_name: 'Offer' })).status).toBe(404);
    expect((await move({ job_id: backend.id, candidate_email: 'ana@work.tes', stage_name: 'Offer' })).status).toBe(404);
    expect((await move({ job_id: backend.id, candidate_id: anaBackend.id, stage_name: 'Off' })).status).toBe(404);
  });

  it('uses the id first, then the email, then the name when several fields of one kind are given', async () => {
    const screening = stageNamed(backend, 'Screening');
    // job_name and stage_name name nothing, candidate_email names Ana: the ids win.
    const byIds = await move({ job_id: backend.id, job_name: 'No such job', candidate_id: boBackend.id, candidate_email: 'ana@work.test', stage_id: screening.id, stage_name: 'No such stage' });
    expect(byIds.status).toBe(200);
    expect(byIds.body.data).toMatchObject({ candidate_id: boBackend.id, new_stage_id: screening.id });
    // Bo's email before Ana's name.
    const byEmail = await move({ job_id: backend.id, candidate_email: 'bo@work.test', candidate_name: 'Ana Lima', stage_name: 'Hired' });
    expect(byEmail.body.data).toMatchObject({ candidate_id: boBackend.id, new_stage_id: stageNamed(backend, 'Hired').id });
  });

  it('answers 400 naming each kind that has no identifying field (null counts as absent)', async () => {
    const all = await move({});
    expect(all.status).toBe(400);
    expect(all.body.error.code).toBe('VALIDATION_ERROR');
    expect(all.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['body.job_id', 'body.candidate_id', 'body.stage_id']);
    const pathsOf = async (body: Record<string, unknown>) => {
      const response = await move(body);
      expect(response.status).toBe(400);
      return response.body.error.details.map((detail: { path: string }) => detail.path);
    };
    expect(await pathsOf({ candidate_id: anaBackend.id, stage_name: 'Offer' })).toEqual(['body.job_id']);
    expect(await pathsOf({ job_id: backend.id, job_name: null, stage_name: 'Offer' })).toEqual(['body.candidate_id']);
    expect(await pathsOf({ job_name: 'Backend Engineer', candidate_email: 'ana@work.test' })).toEqual(['body.stage_id']);
    // Malformed or unknown fields are 400 as well.
    expect((await move({ job_id: 'nope', candidate_id: anaBackend.id, stage_name: 'Offer' })).status).toBe(400);
    expect((await move({ job_id: backend.id, candidate_email: 'not-an-email', stage_name: 'Offer' })).status).toBe(400);
    expect((await move({ job_id: backend.id, candidate_id: anaBackend.id, stage_name: '' })).status).toBe(400);
    expect((await move({ job_id: backend.id, candidate_id: anaBackend.id, stage: 'Offer' })).status).toBe(400);
  });

  it('answers 404 when an identifying field names nothing, or a candidate or stage of another job', async () => {
    const notFound = async (body: Record<string, unknown>) => {
      const response = await move(body);
      expect(response.status, JSON.stringify(body)).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    };
    await notFound({ job_name: 'Unknown job', candidate_id: anaBackend.id, stage_name: 'Offer' });
    await notFound({ job_id: '00000000-0000-4000-8000-000000000000', candidate_id: anaBackend.id, stage_name: 'Offer' });
    await notFound({ job_id: backend.id, candidate_email: 'nobody@work.test', stage_name: 'Offer' });
    // Cy is a person of the team, but no candidate of the job: by email or by name.
    await notFound({ job_id: backend.id, candidate_email: 'cy@work.test', stage_name: 'Offer' });
    await notFound({ job_id: backend.id, candidate_name: 'Cy Dee', stage_name: 'Offer' });
    // Ana's candidacy for the data job is not a candidate of the backend job.
    await notFound({ job_id: backend.id, candidate_id: anaData.id, stage_name: 'Offer' });
    await notFound({ job_id: backend.id, candidate_id: '00000000-0000-4000-8000-000000000000', stage_name: 'Offer' });
    // Stages of the data job, by name and by id, are not stages of the backend job.
    await notFound({ job_id: backend.id, candidate_id: anaBackend.id, stage_name: 'Take-home' });
    await notFound({ job_id: backend.id, candidate_id: anaBackend.id, stage_id: stageNamed(dataJob, 'Screening').id });
    await notFound({ job_id: backend.id, candidate_id: anaBackend.id, stage_id: 'not-a-stage' });
  });

  it("answers 404 for another team's job and candidate", async () => {
    const theirJob = await createJob('Backend Engineer', {}, api.teamB.api_key);
    const theirPerson = await storePerson(api.teamB.team_id, { name: 'Ana Lima', emails: [{ contact_data_type: 'work', value: 'ana@work.test' }] });
    const theirCandidate = (await api.request('POST', '/v1/candidates', { token: api.teamB.api_key, body: { person_id: theirPerson.id, job_id: theirJob.id } })).body.data;
    expect((await move({ job_id: theirJob.id, candidate_id: theirCandidate.id, stage_name: 'Offer' })).status).toBe(404);
    // By name, team A sees only its own job and candidate.
    const mine = await move({ job_name: 'Backend Engineer', candidate_email: 'ana@work.test', stage_name: 'Contacted' });
    expect(mine.body.data).toMatchObject({ candidate_id: anaBackend.id, job_id: backend.id });
    expect((await move({ job_id: backend.id, candidate_id: theirCandidate.id, stage_name: 'Offer' })).status).toBe(404);
  });

  it('answers 409 AMBIGUOUS_MATCH listing every matching id: two jobs of one name', async () => {
    const first = await createJob('Twin Role');
    const second = await createJob('twin role');
    const person = await storePerson(api.teamA.team_id, { name: 'Twin Candidate' });
    const candidate = await addCandidate(person.id, first);
    const response = await move({ job_name: 'TWIN ROLE', candidate_id: candidate.id, stage_name: 'Offer' });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('AMBIGUOUS_MATCH');
    expect(response.body.error.details).toHaveLength(2);
    expect(response.body.error.details).toEqual(expect.arrayContaining([{ path: 'body.job_name', message: first.id }, { path: 'body.job_name', message: second.id }]));
    // The id resolves it.
    expect((await move({ job_id: first.id, candidate_id: candidate.id, stage_name: 'Offer' })).status).toBe(200);
  });

  it('answers 409 AMBIGUOUS_MATCH listing every matching id: two candidates of the job with one name or one email', async () => {
    const job = await createJob('Namesake role');
    const one = await storePerson(api.teamA.team_id, { name: 'Sam Same', emails: [{ contact_data_type: 'work', value: 'shared@team.test' }] });
    const two = await storePerson(api.teamA.team_id, { name: 'sam same', emails: [{ contact_data_type: 'personal', value: 'SHARED@team.test' }] });
    // A third namesake who is not a candidate of this job does not count.
    await storePerson(api.teamA.team_id, { name: 'Sam Same' });
    const first = await addCandidate(one.id, job);
    const second = await addCandidate(two.id, job);
    for (const [field, value] of [['candidate_name', 'Sam Same'], ['candidate_email', 'shared@team.test']] as const) {
      const response = await move({ job_id: job.id, [field]: value, stage_name: 'Offer' });
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('AMBIGUOUS_MATCH');
      expect(response.body.error.details).toHaveLength(2);
      expect(response.body.error.details).toEqual(expect.arrayContaining([{ path: `body.${field}`, message: first.id }, { path: `body.${field}`, message: second.id }]));
    }
    expect(await currentStage(job, first.id)).toBe(stageNamed(job, 'Sourced').id);
  });
});

describe('POST /v1/candidates/update-stage: history and counts', () => {
  it('moves to the current stage with previous = new and writes no history', async () => {
    const job = await createJob('Same stage role');
    const person = await storePerson(api.teamA.team_id, { name: 'Steady' });
    const candidate = await addCandidate(person.id, job);
    const response = await move({ job_id: job.id, candidate_id: candidate.id, stage_id: candidate.stage_id });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ candidate_id: candidate.id, person_id: person.id, job_id: job.id, previous_stage_id: candidate.stage_id, new_stage_id: candidate.stage_id });
    expect(await listStageHistory(api.teamA.team_id, candidate.id)).toHaveLength(1);
    expect(await stageTotal(job, candidate.stage_id)).toBe(1);
  });

  it('records each move in a chained history, attributed, and the stage totals follow the moves', async () => {
    const job = await createJob('History role');
    const [sourced, screening, offer] = [stageNamed(job, 'Sourced'), stageNamed(job, 'Screening'), stageNamed(job, 'Offer')];
    const person = await storePerson(api.teamA.team_id, { name: 'Mover' });
    const other = await storePerson(api.teamA.team_id, { name: 'Stayer' });
    const candidate = await addCandidate(person.id, job);
    await addCandidate(other.id, job);
    expect([await stageTotal(job, sourced.id), await stageTotal(job, screening.id), await stageTotal(job, offer.id)]).toEqual([2, 0, 0]);

    expect((await move({ job_id: job.id, candidate_id: candidate.id, stage_id: screening.id, team_member_id: api.teamA.team_member_id })).status).toBe(200);
    expect([await stageTotal(job, sourced.id), await stageTotal(job, screening.id), await stageTotal(job, offer.id)]).toEqual([1, 1, 0]);
    expect((await move({ job_id: job.id, candidate_id: candidate.id, stage_name: 'Offer' }, api.teamA.session_token)).body.data).toMatchObject({ previous_stage_id: screening.id, new_stage_id: offer.id });
    expect([await stageTotal(job, sourced.id), await stageTotal(job, screening.id), await stageTotal(job, offer.id)]).toEqual([1, 0, 1]);
    const offerRows = (await api.request('GET', `/v1/jobs/${job.id}/candidates?stage_id=${offer.id}`)).body.data as Candidate[];
    expect(offerRows.map((row) => row.id)).toEqual([candidate.id]);
    expect((await api.request('GET', `/v1/jobs/${job.id}/candidates?stage_id=${screening.id}`)).body.data).toEqual([]);
    // The job's candidate count is not changed by moves.
    expect((await api.request('GET', `/v1/jobs/${job.id}`)).body.data.candidate_count).toBe(2);

    const history = await chainedHistory(candidate.id);
    expect(history.map(({ from_stage_id, to_stage_id, team_member_id }) => ({ from_stage_id, to_stage_id, team_member_id }))).toEqual([
      { from_stage_id: null, to_stage_id: sourced.id, team_member_id: null },
      { from_stage_id: sourced.id, to_stage_id: screening.id, team_member_id: api.teamA.team_member_id },
      { from_stage_id: screening.id, to_stage_id: offer.id, team_member_id: api.teamA.team_member_id },
    ]);
    expect(history.every((entry) => entry.candidate_id === candidate.id && /Z$/.test(entry.changed_at))).toBe(true);
  });

  it('refuses to remove a stage that still has candidates (409), and allows it once they moved out', async () => {
    const job = await createJob('Shrinking pipeline', { pipeline_stages: [{ name: 'Open' }, { name: 'Doomed' }, { name: 'Closed' }] });
    const [open, doomed, closed] = job.pipeline_stages as [Stage, Stage, Stage];
    const person = await storePerson(api.teamA.team_id, { name: 'In doomed' });
    const candidate = await addCandidate(person.id, job, doomed.id);
    const withoutDoomed = { pipeline_stages: [{ id: open.id, name: open.name }, { id: closed.id, name: closed.name }] };
    const refused = await api.request('PATCH', `/v1/jobs/${job.id}`, { body: withoutDoomed });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CONFLICT');
    expect((await move({ job_id: job.id, candidate_id: candidate.id, stage_id: closed.id })).status).toBe(200);
    const allowed = await api.request('PATCH', `/v1/jobs/${job.id}`, { body: withoutDoomed });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.pipeline_stages.map((stage: Stage) => stage.id)).toEqual([open.id, closed.id]);
  });

  it('commits two concurrent moves of one candidate in some order, losing neither', async () => {
    const job = await createJob('Race role');
    const person = await storePerson(api.teamA.team_id, { name: 'Racer' });
    const candidate = await addCandidate(person.id, job);
    const stages = job.pipeline_stages;
    let current = candidate.stage_id;
    const rounds = 6;
    for (let round = 0; round < rounds; round += 1) {
      const others = stages.filter((stage) => stage.id !== current);
      const [a, b] = [others[round % others.length], others[(round + 1) % others.length]] as [Stage, Stage];
      const [first, second] = await Promise.all([
        move({ job_id: job.id, candidate_id: candidate.id, stage_id: a.id }),
        move({ job_id: job.id, candidate_id: candidate.id, stage_id: b.id }),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const final = await currentStage(job, candidate.id);
      expect([a.id, b.id]).toContain(final);
      // The one that committed first started from the stage before the round; the other from its target.
      const [earlier, later] = final === b.id ? [first.body.data, second.body.data] : [second.body.data, first.body.data];
      expect(earlier.previous_stage_id).toBe(current);
      expect(later.previous_stage_id).toBe(earlier.new_stage_id);
      expect(later.new_stage_id).toBe(final);
      current = final;
    }
    const history = await chainedHistory(candidate.id);
    expect(history).toHaveLength(1 + 2 * rounds);
    expect(history.at(-1)?.to_stage_id).toBe(current);
    const totals = await Promise.all(stages.map((stage) => stageTotal(job, stage.id)));
    expect(totals).toEqual(stages.map((stage) => (stage.id === current ? 1 : 0)));
  });
});

describe('Stage removal racing a move into that stage', () => {
  it('never leaves a candidate in a removed stage: either the move or the removal is refused', async () => {
    const { startTestApi: start } = await import('../../support/local-api');
    const { storePerson: store } = await import('../../support/persons');
    const raceApi = await start();
    try {
      for (let round = 0; round < 5; round += 1) {
        const job = (await raceApi.request('POST', '/v1/jobs', { body: { name: `Race ${round}`, pipeline_stages: [{ name: 'A' }, { name: 'B' }] } })).body.data;
        const [a, b] = job.pipeline_stages as { id: string; name: string }[];
        const person = await store(raceApi.teamA.team_id, { name: `Racer ${round}` });
        const candidate = (await raceApi.request('POST', '/v1/candidates', { body: { person_id: person.id, job_id: job.id, stage_id: a?.id } })).body.data;
        const [move, removal] = await Promise.all([
          raceApi.request('POST', '/v1/candidates/update-stage', { body: { job_id: job.id, candidate_id: candidate.id, stage_id: b?.id } }),
          raceApi.request('PATCH', `/v1/jobs/${job.id}`, { body: { pipeline_stages: [{ id: a?.id, name: 'A' }] } }),
        ]);
        expect([move.status, removal.status].sort()).toContain(200);
        const after = (await raceApi.request('GET', `/v1/jobs/${job.id}`)).body.data;
        const stages = (after.pipeline_stages as { id: string }[]).map((stage) => stage.id);
        const rows = (await raceApi.request('GET', `/v1/jobs/${job.id}/candidates`)).body.data as { stage_id: string }[];
        // Wherever the candidate is, that stage still exists.
        expect(stages).toContain(rows[0]?.stage_id);
        if (move.status === 200) expect(removal.status).toBe(409);
        else expect(stages).toEqual([a?.id]);
      }
    } finally {
      await raceApi.close();
    }
  });
});
