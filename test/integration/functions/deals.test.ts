import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../../infra/local/tokens';
import { seedTeam } from '../../../infra/local/seed';
import type { SeededTeam } from '../../../infra/local/seed';
import type { Scope } from '../../../shared/auth/scopes';
import { createApiKey } from '../../../shared/domain/api-keys';
import { addTeamMember } from '../../../shared/domain/team-members';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
/** Team A's deal statuses by name (Lead, Qualified, Proposal, Won, Lost). */
const statuses: Record<string, { id: string; name: string; color: string }> = {};

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

beforeAll(async () => {
  api = await startTestApi();
  for (const status of (await api.request('GET', '/v1/deals/statuses')).body.data) statuses[status.name] = status;
});
afterAll(async () => api.close());

const status = (name: string) => statuses[name] as { id: string; name: string; color: string };
const statusSummary = (name: string) => ({ id: status(name).id, name, color: status(name).color });
const createJob = async (name: string, token?: string) => (await api.request('POST', '/v1/jobs', { token: token ?? api.teamA.session_token, body: { name } })).body.data as { id: string };
const createCompany = async (name: string, token?: string) => (await api.request('POST', '/v1/companies', { ...(token ? { token } : {}), body: { name } })).body.data as { id: string };
const keyWith = async (scopes: Scope[]) => (await createApiKey(api.teamA.team_id, `scoped ${scopes.join(',') || 'none'}`, scopes)).apiKey;
const oauthWith = (scopes: Scope[]) => issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'oauth', scopes });

describe('POST /v1/deals', () => {
  it('creates a deal with every field and answers it with its status (201)', async () => {
    const company = await createCompany('Deal Client');
    const job = await createJob('Deal job');
    const created = await api.request('POST', '/v1/deals', {
      body: { name: 'Platform hiring', amount: 42000.5, currency_code: 'EUR', deal_status_id: status('Proposal').id, client_id: company.id, owner_ids: [api.teamA.team_member_id], job_ids: [job.id] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: {
        id: uuid,
        name: 'Platform hiring',
        amount: 42000.5,
        currency_code: 'EUR',
        deal_status_id: status('Proposal').id,
        deal_status: { id: status('Proposal').id, name: 'Proposal', color: '#D97706' },
        client_id: company.id,
        owner_ids: [api.teamA.team_member_id],
        job_ids: [job.id],
        created_at: timestamp,
        updated_at: created.body.data.created_at,
      },
    });
  });

  it("gives a deal with only a name the team's default status, USD, no amount and empty lists", async () => {
    const created = await api.request('POST', '/v1/deals', { body: { name: 'Bare deal' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Bare deal', amount: null, currency_code: 'USD', deal_status_id: status('Lead').id, deal_status: statusSummary('Lead'), client_id: null, owner_ids: [], job_ids: [] });
  });

  it('drops repeated owners and jobs, keeping the first order', async () => {
    const [first, second] = [await createJob('Repeat one'), await createJob('Repeat two')];
    const created = await api.request('POST', '/v1/deals', { body: { name: 'Repeats', owner_ids: [api.teamA.team_member_id, api.teamA.team_member_id], job_ids: [second.id, first.id, second.id] } });
    expect(created.body.data).toMatchObject({ owner_ids: [api.teamA.team_member_id], job_ids: [second.id, first.id] });
    const linked = (await api.request('GET', `/v1/jobs/${second.id}`, { token: api.teamA.session_token })).body.data.linked_deals;
    expect(linked).toHaveLength(1);
  });

  it("refuses another team's status, company, owner and job with 400 naming each field", async () => {
    const theirStatus = (await api.request('GET', '/v1/deals/statuses', { token: api.teamB.api_key })).body.data[0].id;
    const theirCompany = await createCompany('Their deal client', api.teamB.api_key);
    const theirJob = await createJob('Their job', api.teamB.session_token);
    const response = await api.request('POST', '/v1/deals', {
      body: { name: 'Foreign', deal_status_id: theirStatus, client_id: theirCompany.id, owner_ids: [api.teamB.team_member_id], job_ids: [theirJob.id] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.message).toBe('Invalid deal: 4 problems, see details');
    expect(response.body.error.details).toEqual([
      { path: 'body.deal_status_id', message: 'Not a deal status of this team' },
      { path: 'body.client_id', message: 'Not a company of this team' },
      { path: 'body.owner_ids', message: `Not members of this team: ${api.teamB.team_member_id}` },
      { path: 'body.job_ids', message: `Not jobs of this team: ${theirJob.id}` },
    ]);
    // Nothing was written: the team's job still has no deal.
    expect((await api.request('GET', `/v1/jobs/${theirJob.id}`, { token: api.teamB.session_token })).body.data.linked_deals).toEqual([]);
  });

  it('refuses a deleted status', async () => {
    const temporary = (await api.request('POST', '/v1/deals/statuses', { body: { name: 'Temporary' } })).body.data;
    expect((await api.request('DELETE', `/v1/deals/statuses/${temporary.id}`)).status).toBe(200);
    const response = await api.request('POST', '/v1/deals', { body: { name: 'Stale status', deal_status_id: temporary.id } });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([{ path: 'body.deal_status_id', message: 'Not a deal status of this team' }]);
  });

  it.each([
    [{ name: 'X', colour: 'red' }, 'body.colour'],
    [{}, 'body.name'],
    [{ name: '' }, 'body.name'],
    [{ name: 'X', currency_code: 'usd' }, 'body.currency_code'],
    [{ name: 'X', amount: -1 }, 'body.amount'],
    [{ name: 'X', amount: '10' }, 'body.amount'],
    [{ name: 'X', client_id: 'not-a-uuid' }, 'body.client_id'],
    [{ name: 'X', owner_ids: 'someone' }, 'body.owner_ids'],
    [{ name: 'X', job_ids: Array.from({ length: 21 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`) }, 'body.job_ids'],
  ])('refuses %j with 400 at %s', async (body, path) => {
    const response = await api.request('POST', '/v1/deals', { body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toContain(path);
  });
});

describe('PATCH /v1/deals/{id}', () => {
  it('changes only the fields given, clears nullable ones, and keeps the rest', async () => {
    const company = await createCompany('Patch client');
    const job = await createJob('Patch job');
    const created = (await api.request('POST', '/v1/deals', { body: { name: 'Before', amount: 10, client_id: company.id, owner_ids: [api.teamA.team_member_id], job_ids: [job.id] } })).body.data;
    const patched = await api.request('PATCH', `/v1/deals/${created.id}`, { body: { name: 'After', amount: null, currency_code: 'GBP', client_id: null, owner_ids: [] } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual({
      ...created,
      name: 'After',
      amount: null,
      currency_code: 'GBP',
      client_id: null,
      owner_ids: [],
      updated_at: timestamp,
    });
    expect(patched.body.data.updated_at >= created.updated_at).toBe(true);
  });

  it('moves a deal to another status and answers the new status object', async () => {
    const created = (await api.request('POST', '/v1/deals', { body: { name: 'Moving', amount: 5 } })).body.data;
    const moved = await api.request('PATCH', `/v1/deals/${created.id}`, { body: { deal_status_id: status('Qualified').id } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: 'Moving', amount: 5, deal_status_id: status('Qualified').id, deal_status: { id: status('Qualified').id, name: 'Qualified', color: '#2563EB' } });
    const theirStatus = (await api.request('GET', '/v1/deals/statuses', { token: api.teamB.api_key })).body.data[0].id;
    const refused = await api.request('PATCH', `/v1/deals/${created.id}`, { body: { deal_status_id: theirStatus } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ path: 'body.deal_status_id', message: 'Not a deal status of this team' }]);
  });

  it("answers 404 for another team's deal and an unknown one, 400 for a malformed id or unknown field", async () => {
    const theirs = (await api.request('POST', '/v1/deals', { token: api.teamB.api_key, body: { name: 'Their deal' } })).body.data;
    const response = await api.request('PATCH', `/v1/deals/${theirs.id}`, { body: { name: 'Mine now' } });
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Deal not found' });
    expect((await api.request('PATCH', '/v1/deals/00000000-0000-4000-8000-000000000000', { body: { name: 'Nobody' } })).status).toBe(404);
    const search = await api.request('POST', '/v1/deals/search', { token: api.teamB.api_key, body: { keywords: ['their deal'] } });
    expect(search.body.data.map((deal: { name: string }) => deal.name)).toEqual(['Their deal']);
    expect((await api.request('PATCH', '/v1/deals/not-a-uuid', { body: { name: 'X' } })).status).toBe(400);
    const mine = (await api.request('POST', '/v1/deals', { body: { name: 'Strict' } })).body.data;
    const unknown = await api.request('PATCH', `/v1/deals/${mine.id}`, { body: { stage: 'won' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].path).toBe('body.stage');
  });
});

describe('Deal scopes', () => {
  let deal: { id: string };
  beforeAll(async () => {
    deal = (await api.request('POST', '/v1/deals', { body: { name: 'Scoped deal' } })).body.data;
  });

  const expectMissingScope = (response: { status: number; body: any }, scope: Scope) => {
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('INSUFFICIENT_SCOPE');
    expect(response.body.error.message).toContain(scope);
  };

  it('refuses POST and PATCH with 403 naming deals:write to an API key without it', async () => {
    for (const token of [await keyWith([]), await keyWith(['deals:read', 'compensation:read'])]) {
      expectMissingScope(await api.request('POST', '/v1/deals', { token, body: { name: 'Nope' } }), 'deals:write');
      expectMissingScope(await api.request('PATCH', `/v1/deals/${deal.id}`, { token, body: { name: 'Nope' } }), 'deals:write');
    }
    const search = await api.request('POST', '/v1/deals/search', { body: { keywords: ['nope'] } });
    expect(search.body.meta.total).toBe(0);
  });

  it('refuses search with 403 naming deals:read to an API key without it', async () => {
    expectMissingScope(await api.request('POST', '/v1/deals/search', { token: await keyWith(['deals:write']), body: {} }), 'deals:read');
  });

  it('lets an API key with the scope through', async () => {
    const writer = await keyWith(['deals:write']);
    expect((await api.request('POST', '/v1/deals', { token: writer, body: { name: 'Written by key' } })).status).toBe(201);
    expect((await api.request('PATCH', `/v1/deals/${deal.id}`, { token: writer, body: { amount: 1 } })).status).toBe(200);
    const reader = await api.request('POST', '/v1/deals/search', { token: await keyWith(['deals:read']), body: { keywords: ['written by key'] } });
    expect(reader.status).toBe(200);
    expect(reader.body.data.map((row: { name: string }) => row.name)).toEqual(['Written by key']);
  });

  it('checks the scope claim of OAuth tokens', async () => {
    expectMissingScope(await api.request('POST', '/v1/deals', { token: await oauthWith([]), body: { name: 'Nope' } }), 'deals:write');
    expectMissingScope(await api.request('PATCH', `/v1/deals/${deal.id}`, { token: await oauthWith(['deals:read']), body: { name: 'Nope' } }), 'deals:write');
    expectMissingScope(await api.request('POST', '/v1/deals/search', { token: await oauthWith(['deals:write']), body: {} }), 'deals:read');
    const both = await oauthWith(['deals:read', 'deals:write']);
    expect((await api.request('POST', '/v1/deals', { token: both, body: { name: 'Written by OAuth' } })).status).toBe(201);
    expect((await api.request('PATCH', `/v1/deals/${deal.id}`, { token: both, body: { amount: 2 } })).status).toBe(200);
    expect((await api.request('POST', '/v1/deals/search', { token: both, body: {} })).status).toBe(200);
  });

  it('lets a session token do everything', async () => {
    const token = api.teamA.session_token;
    expect((await api.request('POST', '/v1/deals', { token, body: { name: 'Written by session' } })).status).toBe(201);
    const patched = await api.request('PATCH', `/v1/deals/${deal.id}`, { token, body: { amount: 3 } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.amount).toBe(3);
    expect((await api.request('POST', '/v1/deals/search', { token, body: {} })).status).toBe(200);
  });
});

describe('POST /v1/deals/search', () => {
  let team: SeededTeam;
  let teamStatuses: Record<string, string>;
  let secondOwner: string;
  let clients: { one: string; two: string };

  beforeAll(async () => {
    team = await seedTeam('Deal Search Team', { email: 'deals@example.com', first_name: 'Dee', last_name: 'Search' });
    secondOwner = (await addTeamMember(team.team_id, { email: 'second@example.com', first_name: 'Sec', last_name: 'Ond' })).id;
    teamStatuses = Object.fromEntries((await api.request('GET', '/v1/deals/statuses', { token: team.api_key })).body.data.map((row: { id: string; name: string }) => [row.name, row.id]));
    clients = { one: (await createCompany('Client one', team.api_key)).id, two: (await createCompany('Client two', team.api_key)).id };
    const create = (body: Record<string, unknown>) => api.request('POST', '/v1/deals', { token: team.api_key, body });
    await create({ name: 'Alpha Retainer', amount: 5000, deal_status_id: teamStatuses.Lead, client_id: clients.one, owner_ids: [team.team_member_id] });
    await create({ name: 'Beta Search', amount: 12000, deal_status_id: teamStatuses.Qualified, client_id: clients.two, owner_ids: [secondOwner] });
    await create({ name: 'alpha expansion', deal_status_id: teamStatuses.Won, client_id: clients.one, owner_ids: [team.team_member_id, secondOwner] });
    await create({ name: 'Gamma Exec', amount: 800, deal_status_id: teamStatuses.Lost });
  });

  const search = async (body: Record<string, unknown>) => {
    const response = await api.request('POST', '/v1/deals/search', { token: team.api_key, body });
    expect(response.status).toBe(200);
    return { names: (response.body.data as { name: string }[]).map((deal) => deal.name), meta: response.body.meta, rows: response.body.data };
  };
  const names = async (body: Record<string, unknown>) => (await search(body)).names;

  it('lists every deal of the team newest first with meta, as full deal records', async () => {
    const result = await search({});
    expect(result.names).toEqual(['Gamma Exec', 'alpha expansion', 'Beta Search', 'Alpha Retainer']);
    expect(result.meta).toEqual({ total: 4, offset: 0, limit: 100 });
    expect(result.rows[1]).toEqual({
      id: uuid,
      name: 'alpha expansion',
      amount: null,
      currency_code: 'USD',
      deal_status_id: teamStatuses.Won,
      deal_status: { id: teamStatuses.Won, name: 'Won', color: '#16A34A' },
      client_id: clients.one,
      owner_ids: [team.team_member_id, secondOwner],
      job_ids: [],
      created_at: timestamp,
      updated_at: timestamp,
    });
  });

  it('filters by included statuses, excluded statuses, and both together', async () => {
    expect(await names({ deal_status_ids_included: [teamStatuses.Won, teamStatuses.Lost] })).toEqual(['Gamma Exec', 'alpha expansion']);
    expect(await names({ deal_status_ids_excluded: [teamStatuses.Lead] })).toEqual(['Gamma Exec', 'alpha expansion', 'Beta Search']);
    expect(await names({ deal_status_ids_included: [teamStatuses.Lead, teamStatuses.Qualified, teamStatuses.Won], deal_status_ids_excluded: [teamStatuses.Qualified] })).toEqual(['alpha expansion', 'Alpha Retainer']);
    expect(await names({ deal_status_ids_included: [teamStatuses.Proposal] })).toEqual([]);
  });

  it('matches keywords as case-insensitive substrings of the name, all of them', async () => {
    expect(await names({ keywords: ['ALPHA'] })).toEqual(['alpha expansion', 'Alpha Retainer']);
    expect(await names({ keywords: ['alpha', 'retain'] })).toEqual(['Alpha Retainer']);
    expect(await names({ keywords: ['alpha', 'gamma'] })).toEqual([]);
  });

  it('filters by client and by owners (any of)', async () => {
    expect(await names({ client_id: clients.one })).toEqual(['alpha expansion', 'Alpha Retainer']);
    expect(await names({ client_id: clients.two })).toEqual(['Beta Search']);
    expect(await names({ owner_ids: [secondOwner] })).toEqual(['alpha expansion', 'Beta Search']);
    expect(await names({ owner_ids: [secondOwner, team.team_member_id] })).toEqual(['alpha expansion', 'Beta Search', 'Alpha Retainer']);
  });

  it('combines every filter with AND, and treats an empty array as no filter', async () => {
    expect(await names({ keywords: ['alpha'], owner_ids: [secondOwner], deal_status_ids_excluded: [teamStatuses.Lead] })).toEqual(['alpha expansion']);
    expect(await names({ keywords: ['alpha'], client_id: clients.one, deal_status_ids_included: [teamStatuses.Lead] })).toEqual(['Alpha Retainer']);
    expect(await names({ keywords: ['beta'], client_id: clients.one })).toEqual([]);
    expect(await names({ keywords: [], owner_ids: [], deal_status_ids_included: [], deal_status_ids_excluded: [] })).toHaveLength(4);
  });

  it('sorts by name, amount (no amount last) and created_at in both orders', async () => {
    expect(await names({ sort_by: 'name', sort_order: 'asc' })).toEqual(['alpha expansion', 'Alpha Retainer', 'Beta Search', 'Gamma Exec']);
    expect(await names({ sort_by: 'name' })).toEqual(['Gamma Exec', 'Beta Search', 'Alpha Retainer', 'alpha expansion']);
    expect(await names({ sort_by: 'amount', sort_order: 'asc' })).toEqual(['Gamma Exec', 'Alpha Retainer', 'Beta Search', 'alpha expansion']);
    expect(await names({ sort_by: 'amount', sort_order: 'desc' })).toEqual(['Beta Search', 'Alpha Retainer', 'Gamma Exec', 'alpha expansion']);
    expect(await names({ sort_order: 'asc' })).toEqual(['Alpha Retainer', 'Beta Search', 'alpha expansion', 'Gamma Exec']);
    expect(await names({ keywords: ['a'], sort_order: 'asc' })).toEqual(['Alpha Retainer', 'Beta Search', 'alpha expansion', 'Gamma Exec']);
  });

  it('sorts by updated_at after a change', async () => {
    const beta = (await search({ keywords: ['beta'] })).rows[0];
    await api.request('PATCH', `/v1/deals/${beta.id}`, { token: team.api_key, body: { amount: 12001 } });
    expect((await names({ sort_by: 'updated_at' }))[0]).toBe('Beta Search');
    expect((await names({ sort_by: 'updated_at', sort_order: 'asc' }))[3]).toBe('Beta Search');
  });

  it('pages with offset and limit, with meta.total counting every match', async () => {
    expect(await search({ offset: 1, limit: 2 })).toMatchObject({ names: ['alpha expansion', 'Beta Search'], meta: { total: 4, offset: 1, limit: 2 } });
    expect(await search({ sort_order: 'asc', offset: 3, limit: 2 })).toMatchObject({ names: ['Gamma Exec'], meta: { total: 4, offset: 3, limit: 2 } });
    expect(await search({ sort_by: 'name', sort_order: 'asc', offset: 1, limit: 2 })).toMatchObject({ names: ['Alpha Retainer', 'Beta Search'], meta: { total: 4, offset: 1, limit: 2 } });
    expect(await search({ deal_status_ids_included: [teamStatuses.Lead, teamStatuses.Qualified], limit: 1 })).toMatchObject({ names: ['Beta Search'], meta: { total: 2, offset: 0, limit: 1 } });
    expect(await search({ offset: 10 })).toMatchObject({ names: [], meta: { total: 4, offset: 10, limit: 100 } });
  });

  it('never shows another team\'s deals', async () => {
    expect(await names({ keywords: ['alpha'] })).not.toContain('Platform hiring');
    const other = await api.request('POST', '/v1/deals/search', { body: { keywords: ['alpha retainer'] } });
    expect(other.body).toEqual({ success: true, data: [], meta: { total: 0, offset: 0, limit: 100 } });
  });

  it.each([{ limit: 0 }, { limit: 101 }, { offset: -1 }, { sort_by: 'status' }, { sort_order: 'up' }, { keywords: 'alpha' }, { keywords: [''] }, { deal_status_ids_included: ['lead'] }, { client_id: 'one' }, { unknown: true }])(
    'refuses %j with 400',
    async (body) => {
      const response = await api.request('POST', '/v1/deals/search', { token: team.api_key, body });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.details[0].path).toMatch(/^body\./);
    },
  );
});

describe('linked_deals of GET /v1/jobs/{id}', () => {
  const linkedDeals = async (jobId: string, token: string = api.teamA.session_token) => {
    const response = await api.request('GET', `/v1/jobs/${jobId}`, { token });
    expect(response.status).toBe(200);
    return response.body.data.linked_deals;
  };

  it('shows a deal on each of its jobs with the status name and colour, and follows every change of the deal', async () => {
    const [job, other] = [await createJob('Linked job'), await createJob('Other linked job')];
    const deal = (await api.request('POST', '/v1/deals', { body: { name: 'Retained search', amount: 30000, currency_code: 'EUR', job_ids: [job.id, other.id] } })).body.data;
    const [link] = await linkedDeals(job.id);
    expect(await linkedDeals(job.id)).toEqual([
      { deal_id: deal.id, deal_job_id: uuid, name: 'Retained search', amount: 30000, currency_code: 'EUR', deal_status_id: status('Lead').id, deal_status_name: 'Lead', deal_status_color: '#6B7280' },
    ]);
    const [otherLink] = await linkedDeals(other.id);
    expect(otherLink.deal_job_id).not.toBe(link.deal_job_id);

    // Rename, re-price and move the deal: both jobs show the new snapshot under the same links.
    await api.request('PATCH', `/v1/deals/${deal.id}`, { body: { name: 'Retained search (signed)', amount: 35000, currency_code: 'USD', deal_status_id: status('Won').id } });
    const signed = { deal_id: deal.id, name: 'Retained search (signed)', amount: 35000, currency_code: 'USD', deal_status_id: status('Won').id, deal_status_name: 'Won', deal_status_color: '#16A34A' };
    expect(await linkedDeals(job.id)).toEqual([{ ...signed, deal_job_id: link.deal_job_id }]);
    expect(await linkedDeals(other.id)).toEqual([{ ...signed, deal_job_id: otherLink.deal_job_id }]);

    // Remove the first job: it no longer lists the deal; the kept job keeps its link.
    const dropped = await api.request('PATCH', `/v1/deals/${deal.id}`, { body: { job_ids: [other.id] } });
    expect(dropped.body.data.job_ids).toEqual([other.id]);
    expect(await linkedDeals(job.id)).toEqual([]);
    expect(await linkedDeals(other.id)).toEqual([{ ...signed, deal_job_id: otherLink.deal_job_id }]);

    // Adding it back makes a new link.
    await api.request('PATCH', `/v1/deals/${deal.id}`, { body: { job_ids: [other.id, job.id] } });
    const [again] = await linkedDeals(job.id);
    expect(again).toEqual({ ...signed, deal_job_id: uuid });
    expect(again.deal_job_id).not.toBe(link.deal_job_id);

    // Changing a field links do not copy leaves them as they are.
    await api.request('PATCH', `/v1/deals/${deal.id}`, { body: { owner_ids: [api.teamA.team_member_id] } });
    expect(await linkedDeals(other.id)).toEqual([{ ...signed, deal_job_id: otherLink.deal_job_id }]);
  });

  it('lists every deal linked to a job, and shows a renamed status by its current name', async () => {
    const job = await createJob('Busy job');
    const custom = (await api.request('POST', '/v1/deals/statuses', { body: { name: 'Signed', color: '#123456' } })).body.data;
    const first = (await api.request('POST', '/v1/deals', { body: { name: 'First deal', job_ids: [job.id] } })).body.data;
    const second = (await api.request('POST', '/v1/deals', { body: { name: 'Second deal', deal_status_id: custom.id, job_ids: [job.id] } })).body.data;
    await api.request('PATCH', `/v1/deals/statuses/${custom.id}`, { body: { name: 'Signed off', color: '#654321' } });
    const linked = await linkedDeals(job.id);
    expect(linked.map((entry: { deal_id: string }) => entry.deal_id).sort()).toEqual([first.id, second.id].sort());
    expect(linked.find((entry: { deal_id: string }) => entry.deal_id === second.id)).toMatchObject({ deal_status_id: custom.id, deal_status_name: 'Signed off', deal_status_color: '#654321' });
  });

  it('omits linked_deals for an API key without deals:read and shows them with it', async () => {
    const job = await createJob('Scope-limited job');
    const deal = (await api.request('POST', '/v1/deals', { body: { name: 'Hidden deal', job_ids: [job.id] } })).body.data;
    const without = await api.request('GET', `/v1/jobs/${job.id}`, { token: await keyWith(['deals:write', 'compensation:read']) });
    expect(without.status).toBe(200);
    expect(without.body.data).not.toHaveProperty('linked_deals');
    const withScope = await linkedDeals(job.id, await keyWith(['deals:read']));
    expect(withScope).toEqual([expect.objectContaining({ deal_id: deal.id, name: 'Hidden deal' })]);
    const oauthWithout = await api.request('GET', `/v1/jobs/${job.id}`, { token: await oauthWith(['deals:write']) });
    expect(oauthWithout.body.data).not.toHaveProperty('linked_deals');
  });
});
