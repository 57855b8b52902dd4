import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from '../../../infra/local/seed';
import type { SeededTeam } from '../../../infra/local/seed';
import { issueLocalToken } from '../../../infra/local/tokens';
import { forTeam } from '../../../shared/db/repository';
import { findList, listItemKey, listMemberIds } from '../../../shared/domain/lists/list-store';
import { addTeamMember } from '../../../shared/domain/team-members';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';
import { markPersonDeleted, storePerson } from '../../support/persons';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
const unknownId = '8f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

type ListType = 'persons' | 'companies';
const idField = (listType: ListType) => (listType === 'persons' ? 'person_ids' : 'company_ids');

async function createList(name: string, listType: ListType, token = api.teamA.api_key): Promise<string> {
  const response = await api.request('POST', '/v1/lists', { token, body: { name, list_type: listType } });
  expect(response.status).toBe(201);
  return response.body.data.id;
}

async function createPerson(name: string, team: SeededTeam = api.teamA): Promise<string> {
  return (await storePerson(team.team_id, { name, first_name: name.split(' ')[0] ?? null, current_job_title: 'Engineer' })).id;
}

async function createCompany(name: string, token = api.teamA.api_key): Promise<string> {
  const response = await api.request('POST', '/v1/companies', { token, body: { name, domain: `${name.toLowerCase().replace(/\W+/g, '')}.test` } });
  expect(response.status).toBe(201);
  return response.body.data.id;
}

/** A live person (persons list) or company (companies list) of team A, or of `team`. */
const createMember = (listType: ListType, name: string, team: SeededTeam = api.teamA) => (listType === 'persons' ? createPerson(name, team) : createCompany(name, team.api_key));

const add = (listId: string, body: unknown, token: string = api.teamA.api_key) => api.request('POST', `/v1/lists/${listId}/items`, { token, body });
const remove = (listId: string, body: unknown, token: string = api.teamA.api_key) => api.request('DELETE', `/v1/lists/${listId}/items`, { token, body });
const items = (listId: string, query = '', token: string = api.teamA.api_key) => api.request('GET', `/v1/lists/${listId}/items${query}`, { token });
const memberRowIds = async (listId: string) => ((await items(listId)).body.data as { id: string }[]).map((row) => row.id);
const itemCount = async (listId: string) => (await findList(api.teamA.team_id, listId))?.item_count;
/** Who the API key requests attribute changes to. */
const asMember = () => ({ team_member_id: api.teamA.team_member_id });

describe('POST /v1/lists', () => {
  it('creates an empty list of persons or companies (201) with every field', async () => {
    for (const listType of ['persons', 'companies'] as const) {
      const response = await api.request('POST', '/v1/lists', { body: { name: `Shortlist ${listType}`, list_type: listType } });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        success: true,
        data: { id: uuid, name: `Shortlist ${listType}`, list_type: listType, item_count: 0, created_at: timestamp, updated_at: response.body.data.created_at },
      });
    }
  });

  it('refuses a missing or empty name, an unknown list_type and unknown fields (400)', async () => {
    const refusal = async (body: unknown) => {
      const response = await api.request('POST', '/v1/lists', { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      return response.body.error.details.map((detail: { path: string }) => detail.path);
    };
    expect(await refusal({ list_type: 'persons' })).toEqual(['body.name']);
    expect(await refusal({ name: '', list_type: 'persons' })).toEqual(['body.name']);
    expect(await refusal({ name: 'X' })).toEqual(['body.list_type']);
    expect(await refusal({ name: 'X', list_type: 'jobs' })).toEqual(['body.list_type']);
    expect(await refusal({ name: 'X', list_type: 'persons', item_count: 5 })).toEqual(['body.item_count']);
  });
});

describe('GET /v1/lists', () => {
  let team: SeededTeam;
  const created: { id: string; list_type: ListType }[] = [];
  beforeAll(async () => {
    team = await seedTeam('Lists Team', { email: 'lists@example.com', first_name: 'Lis', last_name: 'Ter' });
    for (const [name, listType] of [['Oldest', 'persons'], ['Middle', 'companies'], ['Newest', 'persons']] as const) {
      created.push({ id: await createList(name, listType, team.api_key), list_type: listType });
    }
  });

  it('lists the team\'s lists newest first with meta, paginated', async () => {
    const all = await api.request('GET', '/v1/lists', { token: team.api_key });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 3, offset: 0, limit: 100 });
    expect(all.body.data.map((list: { name: string }) => list.name)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(all.body.data[0]).toEqual({ id: created[2]?.id, name: 'Newest', list_type: 'persons', item_count: 0, created_at: timestamp, updated_at: timestamp });
    const second = await api.request('GET', '/v1/lists?offset=1&limit=1', { token: team.api_key });
    expect(second.body).toEqual({ success: true, data: [all.body.data[1]], meta: { total: 3, offset: 1, limit: 1 } });
    expect((await api.request('GET', '/v1/lists?limit=0', { token: team.api_key })).status).toBe(400);
    expect((await api.request('GET', '/v1/lists?limit=101', { token: team.api_key })).status).toBe(400);
    expect((await api.request('GET', '/v1/lists?offset=-1', { token: team.api_key })).status).toBe(400);
  });

  it('keeps only the lists of one type with list_type, with that type\'s total', async () => {
    const persons = await api.request('GET', '/v1/lists?list_type=persons', { token: team.api_key });
    expect(persons.body.data.map((list: { name: string }) => list.name)).toEqual(['Newest', 'Oldest']);
    expect(persons.body.meta.total).toBe(2);
    const companies = await api.request('GET', '/v1/lists?list_type=companies&limit=5', { token: team.api_key });
    expect(companies.body).toEqual({ success: true, data: [expect.objectContaining({ name: 'Middle', list_type: 'companies' })], meta: { total: 1, offset: 0, limit: 5 } });
    expect((await api.request('GET', '/v1/lists?list_type=jobs', { token: team.api_key })).status).toBe(400);
  });

  it("never shows another team's lists", async () => {
    const names = ((await api.request('GET', '/v1/lists?limit=100')).body.data as { name: string }[]).map((list) => list.name);
    expect(names).not.toContain('Middle');
    const theirs = await api.request('GET', '/v1/lists', { token: api.teamB.api_key });
    expect(theirs.body.data.map((list: { id: string }) => list.id)).not.toContain(created[0]?.id);
  });

  it('shows each list\'s item_count as members come and go, and stamps updated_at with each change', async () => {
    const [first] = created;
    const rowOf = async () => (await api.request('GET', '/v1/lists?list_type=persons', { token: team.api_key })).body.data.find((list: { id: string }) => list.id === first?.id);
    const before = await rowOf();
    const person = await createPerson('Counted Person', team);
    await add(first?.id as string, { person_ids: [person], team_member_id: team.team_member_id }, team.api_key);
    const afterAdd = await rowOf();
    expect(afterAdd.item_count).toBe(1);
    expect(afterAdd.updated_at > before.updated_at).toBe(true);
    expect(afterAdd.created_at).toBe(before.created_at);
    await api.request('DELETE', `/v1/lists/${first?.id}/items`, { token: team.api_key, body: { person_ids: [person], team_member_id: team.team_member_id } });
    const afterRemoval = await rowOf();
    expect(afterRemoval.item_count).toBe(0);
    expect(afterRemoval.updated_at > afterAdd.updated_at).toBe(true);
  });
});

describe('POST /v1/lists/{id}/items', () => {
  it('judges each id on its own: new, duplicate, unknown, deleted, other-team and malformed ids in one request (200)', async () => {
    const listId = await createList('Judged', 'persons');
    const alice = await createPerson('Alice Able');
    const bob = await createPerson('Bob Baker');
    const gone = await createPerson('Gone Person');
    await markPersonDeleted(api.teamA.team_id, gone);
    const theirs = await createPerson('Their Person', api.teamB);
    const response = await add(listId, { person_ids: [alice, 'not-a-uuid', bob, alice, unknownId, theirs, '', gone], ...asMember() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        list_id: listId,
        list_type: 'persons',
        added_ids: [alice, bob],
        already_present_ids: [],
        failed: [
          { id: 'not-a-uuid', reason: 'invalid_id' },
          { id: unknownId, reason: 'not_found' },
          { id: theirs, reason: 'not_found' },
          { id: '', reason: 'invalid_id' },
          { id: gone, reason: 'not_found' },
        ],
      },
    });
    expect(await itemCount(listId)).toBe(2);
  });

  it('reports members in already_present_ids on a second add and counts each member once', async () => {
    const listId = await createList('Second add', 'companies');
    const acme = await createCompany('Acme Second');
    const beta = await createCompany('Beta Second');
    expect((await add(listId, { company_ids: [acme], ...asMember() })).body.data.added_ids).toEqual([acme]);
    const second = await add(listId, { company_ids: [beta, acme], ...asMember() });
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ list_id: listId, list_type: 'companies', added_ids: [beta], already_present_ids: [acme], failed: [] });
    expect(await itemCount(listId)).toBe(2);
    expect((await items(listId)).body.meta.total).toBe(2);
  });

  it('refuses the other type\'s field, and a field that is missing, empty, not an array of strings or too long (400), changing nothing', async () => {
    const persons = await createList('Persons body rules', 'persons');
    const companies = await createList('Companies body rules', 'companies');
    const person = await createPerson('Body Person');
    const company = await createCompany('Body Company');
    const refusal = async (listId: string, body: unknown) => {
      const response = await add(listId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      return response.body.error.details;
    };
    expect(await refusal(persons, { company_ids: [company], ...asMember() })).toEqual([
      { path: 'body.company_ids', message: 'Not allowed for a persons list; use person_ids' },
      { path: 'body.person_ids', message: 'Required for a persons list' },
    ]);
    expect(await refusal(companies, { person_ids: [person], ...asMember() })).toEqual([
      { path: 'body.person_ids', message: 'Not allowed for a companies list; use company_ids' },
      { path: 'body.company_ids', message: 'Required for a companies list' },
    ]);
    expect(await refusal(persons, { person_ids: [person], company_ids: [company], ...asMember() })).toEqual([{ path: 'body.company_ids', message: 'Not allowed for a persons list; use person_ids' }]);
    expect(await refusal(persons, asMember())).toEqual([{ path: 'body.person_ids', message: 'Required for a persons list' }]);
    const paths = async (listId: string, body: unknown) => (await refusal(listId, body)).map((detail: { path: string }) => detail.path);
    expect(await paths(persons, { person_ids: [], ...asMember() })).toEqual(['body.person_ids']);
    expect(await paths(companies, { company_ids: [], ...asMember() })).toEqual(['body.company_ids']);
    expect(await paths(persons, { person_ids: person, ...asMember() })).toEqual(['body.person_ids']);
    expect(await paths(companies, { company_ids: { id: company }, ...asMember() })).toEqual(['body.company_ids']);
    expect(await paths(persons, { person_ids: null, ...asMember() })).toEqual(['body.person_ids']);
    expect(await paths(persons, { person_ids: [person, 7], ...asMember() })).toEqual(['body.person_ids.1']);
    expect(await paths(persons, { person_ids: Array.from({ length: 101 }, () => person), ...asMember() })).toEqual(['body.person_ids']);
    expect(await paths(persons, { person_ids: [person], list_id: persons, ...asMember() })).toEqual(['body.list_id']);
    expect((await api.request('POST', `/v1/lists/${persons}/items`)).status).toBe(400);
    expect(await itemCount(persons)).toBe(0);
    expect(await itemCount(companies)).toBe(0);
  });

  it('takes the most ids a request allows (100), written in more than one transaction, and counts them all', async () => {
    const listId = await createList('Hundred', 'persons');
    const ids = await Promise.all(Array.from({ length: 100 }, (_, index) => createPerson(`Bulk ${index}`)));
    const response = await add(listId, { person_ids: ids, ...asMember() });
    expect(response.status).toBe(200);
    expect(response.body.data.added_ids).toEqual(ids);
    expect(await itemCount(listId)).toBe(100);
    const page = await items(listId, '?offset=95&limit=10');
    expect(page.body.meta).toEqual({ total: 100, offset: 95, limit: 10 });
    expect(page.body.data).toHaveLength(5);
    const removed = await remove(listId, { person_ids: ids, ...asMember() });
    expect(removed.body.data.removed_ids).toEqual(ids);
    expect(await itemCount(listId)).toBe(0);
    expect(await listMemberIds(api.teamA.team_id, listId)).toEqual([]);
  });

  it('attributes the addition to the body\'s team_member_id for an API key and to the token\'s member for session and OAuth tokens', async () => {
    const colleague = await addTeamMember(api.teamA.team_id, { email: 'colleague.lists@example.com', first_name: 'Col', last_name: 'League' });
    const oauth = await issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'oauth', scopes: [] });
    const listId = await createList('Attribution', 'persons');
    const byKey = await createPerson('By Key');
    const bySession = await createPerson('By Session');
    const byOauth = await createPerson('By OAuth');
    expect((await add(listId, { person_ids: [byKey], team_member_id: colleague.id })).status).toBe(200);
    expect((await add(listId, { person_ids: [bySession], team_member_id: colleague.id }, api.teamA.session_token)).status).toBe(200);
    expect((await add(listId, { person_ids: [byOauth], team_member_id: unknownId }, oauth)).status).toBe(200);
    const rows = (await items(listId)).body.data as { id: string; added_by_team_member_id: string }[];
    expect(rows.map((row) => [row.id, row.added_by_team_member_id])).toEqual([
      [byOauth, api.teamA.team_member_id],
      [bySession, api.teamA.team_member_id],
      [byKey, colleague.id],
    ]);
  });

  it('requires a team_member_id of the team with an API key (400) and needs none with session or OAuth tokens', async () => {
    const listId = await createList('Actor rules', 'companies');
    const company = await createCompany('Actor Co');
    const missing = await add(listId, { company_ids: [company] });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([{ path: 'body.team_member_id', message: 'Required for API-key credentials' }]);
    const foreign = await add(listId, { company_ids: [company], team_member_id: api.teamB.team_member_id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([{ path: 'body.team_member_id', message: 'Not a member of this team' }]);
    expect((await add(listId, { company_ids: [company], team_member_id: 'nobody' })).status).toBe(400);
    const both = await add(listId, { person_ids: [company] });
    expect(both.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['body.person_ids', 'body.company_ids', 'body.team_member_id']);
    expect(await itemCount(listId)).toBe(0);
    const oauth = await issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'oauth', scopes: [] });
    expect((await add(listId, { company_ids: [company] }, oauth)).body.data.added_ids).toEqual([company]);
    expect((await add(listId, { company_ids: [company] }, api.teamA.session_token)).body.data.already_present_ids).toEqual([company]);
  });

  it("answers 404 for an unknown list and another team's list on every items route, and 400 for a malformed list id", async () => {
    const person = await createPerson('Path Person');
    const theirs = await createList('Their list', 'persons', api.teamB.api_key);
    for (const listId of [theirs, unknownId]) {
      const added = await add(listId, { person_ids: [person], ...asMember() });
      expect(added.status).toBe(404);
      expect(added.body.error.code).toBe('NOT_FOUND');
      expect((await remove(listId, { person_ids: [person], ...asMember() })).status).toBe(404);
      expect((await items(listId)).status).toBe(404);
    }
    expect((await add('not-a-uuid', { person_ids: [person], ...asMember() })).status).toBe(400);
    expect((await remove('not-a-uuid', { person_ids: [person], ...asMember() })).status).toBe(400);
    expect((await items('not-a-uuid')).status).toBe(400);
    expect((await items(theirs, '', api.teamB.api_key)).body.meta.total).toBe(0);
  });
});

describe('GET /v1/lists/{id}/items', () => {
  it('lists persons newest added first with the person summary, paginated, total from item_count', async () => {
    const listId = await createList('Listing persons', 'persons');
    const ada = await storePerson(api.teamA.team_id, { name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', current_job_title: 'Analyst', image_url: 'https://img.test/ada.png' });
    const alan = await createPerson('Alan Turing');
    const grace = await createPerson('Grace Hopper');
    await add(listId, { person_ids: [ada.id, alan], ...asMember() });
    await add(listId, { person_ids: [grace], ...asMember() });
    const all = await items(listId);
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 3, offset: 0, limit: 100 });
    expect(all.body.data.map((row: { id: string }) => row.id)).toEqual([grace, alan, ada.id]);
    expect(all.body.data[2]).toEqual({
      id: ada.id,
      list_id: listId,
      added_at: timestamp,
      added_by_team_member_id: api.teamA.team_member_id,
      person: { id: ada.id, name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', current_job_title: 'Analyst', image_url: 'https://img.test/ada.png' },
    });
    const second = await items(listId, '?offset=1&limit=1');
    expect(second.body).toEqual({ success: true, data: [all.body.data[1]], meta: { total: 3, offset: 1, limit: 1 } });
    expect((await items(listId, '?limit=0')).status).toBe(400);
    expect((await items(listId, '?offset=-1')).status).toBe(400);
  });

  it('lists companies with the company summary', async () => {
    const listId = await createList('Listing companies', 'companies');
    const acme = await createCompany('Acme Listing');
    await add(listId, { company_ids: [acme] }, api.teamA.session_token);
    expect((await items(listId)).body).toEqual({
      success: true,
      data: [{ id: acme, list_id: listId, added_at: timestamp, added_by_team_member_id: api.teamA.team_member_id, company: { id: acme, name: 'Acme Listing', domain: 'acmelisting.test' } }],
      meta: { total: 1, offset: 0, limit: 100 },
    });
  });

  it('keeps a member whose person or company is deleted, with a null summary, and lets it be removed', async () => {
    const persons = await createList('Deleted person', 'persons');
    const companies = await createList('Deleted company', 'companies');
    const person = await createPerson('Soon Gone');
    const company = await createCompany('Soon Gone Co');
    await add(persons, { person_ids: [person], ...asMember() });
    await add(companies, { company_ids: [company], ...asMember() });
    await markPersonDeleted(api.teamA.team_id, person);
    expect((await api.request('DELETE', `/v1/companies/${company}`)).status).toBe(200);
    expect((await items(persons)).body).toMatchObject({ data: [{ id: person, person: null }], meta: { total: 1 } });
    expect((await items(companies)).body).toMatchObject({ data: [{ id: company, company: null }], meta: { total: 1 } });
    expect((await add(persons, { person_ids: [person], ...asMember() })).body.data.failed).toEqual([{ id: person, reason: 'not_found' }]);
    expect((await remove(persons, { person_ids: [person], ...asMember() })).body.data.removed_ids).toEqual([person]);
    expect((await remove(companies, { company_ids: [company], ...asMember() })).body.data.removed_ids).toEqual([company]);
    expect((await remove(persons, { person_ids: [person], ...asMember() })).body.data.failed).toEqual([{ id: person, reason: 'not_found' }]);
    expect(await itemCount(persons)).toBe(0);
    expect(await itemCount(companies)).toBe(0);
  });
});

describe('DELETE /v1/lists/{id}/items', () => {
  it('soft-removes: the member item keeps its data with deleted_at, and re-adding it later works with a new added_at', async () => {
    const listId = await createList('Soft removal', 'persons');
    const first = await createPerson('First Member');
    const second = await createPerson('Second Member');
    await add(listId, { person_ids: [first, second], ...asMember() });
    const addedAt = ((await items(listId)).body.data as { id: string; added_at: string }[]).find((row) => row.id === first)?.added_at as string;
    const removed = await remove(listId, { person_ids: [first] }, api.teamA.session_token);
    expect(removed.body).toEqual({ success: true, data: { list_id: listId, list_type: 'persons', removed_ids: [first], not_found_ids: [], failed: [] } });
    const stored = await forTeam(api.teamA.team_id).get<Record<string, unknown>>(listItemKey(listId, first));
    expect(stored).toMatchObject({ member_id: first, list_id: listId, added_at: addedAt, deleted_at: timestamp, removed_by_team_member_id: api.teamA.team_member_id });
    expect(await memberRowIds(listId)).toEqual([second]);
    expect(await itemCount(listId)).toBe(1);
    expect((await remove(listId, { person_ids: [first], ...asMember() })).body.data.not_found_ids).toEqual([first]);

    const again = await add(listId, { person_ids: [first], ...asMember() });
    expect(again.body.data).toEqual({ list_id: listId, list_type: 'persons', added_ids: [first], already_present_ids: [], failed: [] });
    const rows = (await items(listId)).body.data as { id: string; added_at: string }[];
    expect(rows.map((row) => row.id)).toEqual([first, second]);
    expect(String(rows[0]?.added_at) >= addedAt).toBe(true);
    expect((await forTeam(api.teamA.team_id).get<Record<string, unknown>>(listItemKey(listId, first)))?.deleted_at).toBeUndefined();
    expect(await itemCount(listId)).toBe(2);
    expect((await listMemberIds(api.teamA.team_id, listId)).sort()).toEqual([first, second].sort());
  });

  describe('removal matrix: credential × list type × member, non-member, unknown, malformed and other-team ids', () => {
    const credentials: { name: string; token: () => Promise<string>; actor: (body: Record<string, unknown>) => Record<string, unknown>; refused?: string }[] = [
      { name: 'API key with team_member_id', token: async () => api.teamA.api_key, actor: (body) => ({ ...body, team_member_id: api.teamA.team_member_id }) },
      { name: 'API key without team_member_id', token: async () => api.teamA.api_key, actor: (body) => body, refused: 'Required for API-key credentials' },
      { name: 'API key with another team\'s member', token: async () => api.teamA.api_key, actor: (body) => ({ ...body, team_member_id: api.teamB.team_member_id }), refused: 'Not a member of this team' },
      { name: 'session token', token: async () => api.teamA.session_token, actor: (body) => body },
      { name: 'session token with a team_member_id (ignored)', token: async () => api.teamA.session_token, actor: (body) => ({ ...body, team_member_id: api.teamB.team_member_id }) },
      { name: 'OAuth token', token: () => issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'oauth', scopes: [] }), actor: (body) => body },
      { name: 'OAuth token with a team_member_id (ignored)', token: () => issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'oauth', scopes: ['deals:read'] }), actor: (body) => ({ ...body, team_member_id: unknownId }) },
    ];

    for (const credential of credentials) {
      for (const listType of ['persons', 'companies'] as const) {
        it(`${credential.name}, ${listType} list: ${credential.refused ? 'refuses the request (400) and removes nothing' : 'removes the member and reports every other id on its own'}`, async () => {
          const listId = await createList(`Matrix ${credential.name} ${listType}`, listType);
          const member = await createMember(listType, `Matrix member ${credential.name} ${listType}`);
          const stays = await createMember(listType, `Matrix stays ${credential.name} ${listType}`);
          const nonMember = await createMember(listType, `Matrix outsider ${credential.name} ${listType}`);
          const otherTeam = await createMember(listType, `Matrix other team ${credential.name} ${listType}`, api.teamB);
          await add(listId, { [idField(listType)]: [member, stays], ...asMember() });

          const response = await remove(listId, credential.actor({ [idField(listType)]: [member, nonMember, unknownId, 'malformed-id', otherTeam] }), await credential.token());
          if (credential.refused) {
            expect(response.status).toBe(400);
            expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.team_member_id', message: credential.refused }] });
            expect(await itemCount(listId)).toBe(2);
            expect((await memberRowIds(listId)).sort()).toEqual([member, stays].sort());
            return;
          }
          expect(response.status).toBe(200);
          expect(response.body).toEqual({
            success: true,
            data: {
              list_id: listId,
              list_type: listType,
              removed_ids: [member],
              not_found_ids: [nonMember],
              failed: [
                { id: unknownId, reason: 'not_found' },
                { id: 'malformed-id', reason: 'invalid_id' },
                { id: otherTeam, reason: 'not_found' },
              ],
            },
          });
          expect(await memberRowIds(listId)).toEqual([stays]);
          expect(await itemCount(listId)).toBe(1);
          const stored = await forTeam(api.teamA.team_id).get<Record<string, unknown>>(listItemKey(listId, member));
          expect(stored).toMatchObject({ deleted_at: timestamp, removed_by_team_member_id: api.teamA.team_member_id });
        });
      }
    }
  });
});

describe('item_count under concurrent changes', () => {
  it('stays equal to the real number of members when overlapping adds and removals run at once', async () => {
    const listId = await createList('Contended', 'persons');
    const ids = await Promise.all(Array.from({ length: 24 }, (_, index) => createPerson(`Contender ${index}`)));
    await add(listId, { person_ids: ids.slice(0, 12), ...asMember() });
    const slice = (from: number, to: number) => ({ person_ids: ids.slice(from, to), ...asMember() });
    const requests = [
      { kind: 'add', body: slice(6, 18) },
      { kind: 'add', body: slice(0, 24) },
      { kind: 'remove', body: slice(0, 10) },
      { kind: 'add', body: slice(4, 16) },
      { kind: 'remove', body: slice(8, 20) },
      { kind: 'remove', body: slice(0, 24) },
      { kind: 'add', body: slice(10, 22) },
      { kind: 'remove', body: slice(2, 14) },
    ] as const;
    const responses = await Promise.all(requests.map((request) => (request.kind === 'add' ? add(listId, request.body) : remove(listId, request.body))));
    for (const response of responses) expect(response.status).toBe(200);

    // Every id reported added or removed was one real change: the count moves by exactly those.
    const added = responses.flatMap((response) => response.body.data.added_ids ?? []).length;
    const removed = responses.flatMap((response) => response.body.data.removed_ids ?? []).length;
    const members = await listMemberIds(api.teamA.team_id, listId);
    expect(12 + added - removed).toBe(members.length);
    expect(await itemCount(listId)).toBe(members.length);
    const listed = await items(listId);
    expect(listed.body.meta.total).toBe(members.length);
    expect((listed.body.data as { id: string }[]).map((row) => row.id).sort()).toEqual([...members].sort());
  });

  it('adds an id once when several requests add it at the same time', async () => {
    const listId = await createList('Same ids at once', 'companies');
    const companies = await Promise.all(Array.from({ length: 5 }, (_, index) => createCompany(`Racing Co ${index}`)));
    const responses = await Promise.all(Array.from({ length: 6 }, () => add(listId, { company_ids: companies, ...asMember() })));
    for (const response of responses) expect(response.status).toBe(200);
    expect(responses.flatMap((response) => response.body.data.added_ids).sort()).toEqual([...companies].sort());
    expect(responses.flatMap((response) => response.body.data.already_present_ids)).toHaveLength(5 * 5);
    expect(await itemCount(listId)).toBe(5);
  });
});

describe('list-store exports for persons search', () => {
  it('findList answers live lists of the team only, and listMemberIds the ids of live members only', async () => {
    const listId = await createList('Store exports', 'persons');
    const kept = await createPerson('Kept Export');
    const dropped = await createPerson('Dropped Export');
    await add(listId, { person_ids: [kept, dropped], ...asMember() });
    await remove(listId, { person_ids: [dropped], ...asMember() });
    expect(await findList(api.teamA.team_id, listId)).toMatchObject({ id: listId, name: 'Store exports', list_type: 'persons', item_count: 1 });
    expect(await findList(api.teamB.team_id, listId)).toBeUndefined();
    expect(await findList(api.teamA.team_id, unknownId)).toBeUndefined();
    expect(await listMemberIds(api.teamA.team_id, listId)).toEqual([kept]);
    expect(await listMemberIds(api.teamB.team_id, listId)).toEqual([]);
  });
});
