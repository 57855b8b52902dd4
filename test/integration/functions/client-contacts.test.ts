import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from '../../../infra/local/seed';
import type { SeededTeam } from '../../../infra/local/seed';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';
import { markPersonDeleted, storePerson } from '../../support/persons';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('POST, PATCH and DELETE /v1/client-contacts', () => {
  it('links a person to a client with the default status and answers the full row (201)', async () => {
    const person = await storePerson(api.teamA.team_id, { name: 'Ana Lima', first_name: 'Ana', last_name: 'Lima', current_job_title: 'CTO', image_url: 'https://img.test/ana.png' });
    const company = (await api.request('POST', '/v1/companies', { body: { name: 'Client One', domain: 'one.test', is_client: true } })).body.data;
    const created = await api.request('POST', '/v1/client-contacts', { body: { person_id: person.id, client_id: company.id, owner_ids: [api.teamA.team_member_id] } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      person_id: person.id,
      client_id: company.id,
      client_contact_status_id: expect.any(String),
      person: { id: person.id, name: 'Ana Lima', first_name: 'Ana', last_name: 'Lima', current_job_title: 'CTO', image_url: 'https://img.test/ana.png' },
      company: { id: company.id, name: 'Client One', domain: 'one.test' },
      status: { id: created.body.data.client_contact_status_id, name: 'Prospect', color: '#6B7280', stage_order: 1, is_default_status: true },
      owner_ids: [api.teamA.team_member_id],
      created_at: timestamp,
      updated_at: timestamp,
    });
    const duplicate = await api.request('POST', '/v1/client-contacts', { body: { person_id: person.id, client_id: company.id } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({ code: 'CONFLICT', message: 'This person is already a contact of this client' });
  });

  it("refuses unknown or another team's person, company, status and owners with 400 naming each", async () => {
    const theirPerson = await storePerson(api.teamB.team_id, { name: 'Theirs' });
    const theirCompany = (await api.request('POST', '/v1/companies', { token: api.teamB.api_key, body: { name: 'Their client' } })).body.data;
    const theirStatus = (await api.request('GET', '/v1/client-contacts/statuses', { token: api.teamB.api_key })).body.data[0].id;
    const response = await api.request('POST', '/v1/client-contacts', { body: { person_id: theirPerson.id, client_id: theirCompany.id, client_contact_status_id: theirStatus, owner_ids: [api.teamB.team_member_id] } });
    expect(response.status).toBe(400);
    expect(response.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['body.client_contact_status_id', 'body.client_id', 'body.owner_ids', 'body.person_id']);
    expect((await api.request('POST', '/v1/client-contacts', { body: { person_id: theirPerson.id } })).status).toBe(400);
  });

  it('changes status and owners, keeps person and client, and frees the pair on delete', async () => {
    const person = await storePerson(api.teamA.team_id, { name: 'Bo Chen' });
    const company = (await api.request('POST', '/v1/companies', { body: { name: 'Client Two' } })).body.data;
    const contact = (await api.request('POST', '/v1/client-contacts', { body: { person_id: person.id, client_id: company.id } })).body.data;
    const active = (await api.request('GET', '/v1/client-contacts/statuses')).body.data.find((status: { name: string }) => status.name === 'Active');
    const activeTotal = async () => (await api.request('GET', `/v1/client-contacts?client_contact_status_id=${active.id}`)).body.meta.total as number;
    const before = await activeTotal();
    const updated = await api.request('PATCH', `/v1/client-contacts/${contact.id}`, { body: { client_contact_status_id: active.id, owner_ids: [api.teamA.team_member_id] } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: contact.id, person_id: person.id, client_id: company.id, client_contact_status_id: active.id, status: { name: 'Active' }, owner_ids: [api.teamA.team_member_id] });
    expect(updated.body.data.updated_at >= contact.updated_at).toBe(true);
    expect(await activeTotal()).toBe(before + 1);
    expect((await api.request('PATCH', `/v1/client-contacts/${contact.id}`, { body: { client_id: company.id } })).status).toBe(400);
    const noStatus = await api.request('PATCH', `/v1/client-contacts/${contact.id}`, { body: { client_contact_status_id: null } });
    expect(noStatus.body.data).toMatchObject({ client_contact_status_id: null, status: null });
    expect(await activeTotal()).toBe(before);
    expect((await api.request('GET', `/v1/client-contacts?client_contact_status_id=${active.id}`)).body.data.map((row: { id: string }) => row.id)).not.toContain(contact.id);
    expect((await api.request('DELETE', `/v1/client-contacts/${contact.id}`)).body).toEqual({ success: true, data: { id: contact.id, deleted: true } });
    expect((await api.request('DELETE', `/v1/client-contacts/${contact.id}`)).status).toBe(404);
    expect((await api.request('PATCH', `/v1/client-contacts/${contact.id}`, { body: { owner_ids: [] } })).status).toBe(404);
    expect((await api.request('POST', '/v1/client-contacts', { body: { person_id: person.id, client_id: company.id } })).status).toBe(201);
  });

  it("answers 404 for another team's contact", async () => {
    const person = await storePerson(api.teamB.team_id, { name: 'B person' });
    const company = (await api.request('POST', '/v1/companies', { token: api.teamB.api_key, body: { name: 'B client' } })).body.data;
    const theirs = (await api.request('POST', '/v1/client-contacts', { token: api.teamB.api_key, body: { person_id: person.id, client_id: company.id } })).body.data;
    expect((await api.request('PATCH', `/v1/client-contacts/${theirs.id}`, { body: { owner_ids: [] } })).status).toBe(404);
    expect((await api.request('DELETE', `/v1/client-contacts/${theirs.id}`)).status).toBe(404);
    expect((await api.request('GET', `/v1/client-contacts?person_id=${person.id}`)).status).toBe(404);
  });
});

describe('GET /v1/client-contacts', () => {
  let team: SeededTeam;
  const contacts: { id: string; person: string; client: string; status: string }[] = [];
  let clients: Record<string, string> = {};
  let statuses: Record<string, string> = {};
  let persons: Record<string, string> = {};

  const list = async (query = '') => {
    const response = await api.request('GET', `/v1/client-contacts${query}`, { token: team.api_key });
    expect(response.status).toBe(200);
    return { ids: (response.body.data as { id: string }[]).map((row) => row.id), meta: response.body.meta, rows: response.body.data };
  };
  const idsOf = (predicate: (contact: (typeof contacts)[number]) => boolean) => contacts.filter(predicate).map((contact) => contact.id);

  beforeAll(async () => {
    team = await seedTeam('Contacts Team', { email: 'cc@example.com', first_name: 'Cy', last_name: 'Contact' });
    statuses = Object.fromEntries(((await api.request('GET', '/v1/client-contacts/statuses', { token: team.api_key })).body.data as { id: string; name: string }[]).map((status) => [status.name, status.id]));
    for (const name of ['North', 'South']) clients[name] = (await api.request('POST', '/v1/companies', { token: team.api_key, body: { name, is_client: true } })).body.data.id;
    for (const name of ['P1', 'P2', 'P3', 'P4']) persons[name] = (await storePerson(team.team_id, { name })).id;
    // Seven contacts, created in this order: [person, client, status].
    const plan: [string, string, string][] = [
      ['P1', 'North', 'Prospect'],
      ['P2', 'North', 'Active'],
      ['P3', 'North', 'Active'],
      ['P4', 'North', 'Inactive'],
      ['P1', 'South', 'Active'],
      ['P2', 'South', 'Prospect'],
      ['P3', 'South', 'Active'],
    ];
    for (const [person, client, status] of plan) {
      const created = await api.request('POST', '/v1/client-contacts', { token: team.api_key, body: { person_id: persons[person], client_id: clients[client], client_contact_status_id: statuses[status] } });
      contacts.push({ id: created.body.data.id, person, client, status });
    }
    // Touch the first contact last so updated order differs from created order.
    await api.request('PATCH', `/v1/client-contacts/${contacts[0]?.id}`, { token: team.api_key, body: { owner_ids: [team.team_member_id] } });
  });

  it('lists all contacts newest first with every field and meta', async () => {
    const { ids, meta, rows } = await list();
    expect(ids).toEqual(contacts.map((contact) => contact.id).reverse());
    expect(meta).toEqual({ total: 7, offset: 0, limit: 100 });
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['client_contact_status_id', 'client_id', 'company', 'created_at', 'id', 'owner_ids', 'person', 'person_id', 'status', 'updated_at']);
  });

  it('sorts by created_at and updated_at in both orders', async () => {
    const created = contacts.map((contact) => contact.id);
    expect((await list('?sort_by=created_at&sort_order=asc')).ids).toEqual(created);
    const updatedDesc = [created[0], ...created.slice(1).reverse()];
    expect((await list('?sort_by=updated_at')).ids).toEqual(updatedDesc);
    expect((await list('?sort_by=updated_at&sort_order=asc')).ids).toEqual([...updatedDesc].reverse());
  });

  it('filters by client, status and person, each in both sort columns, with meta.total of all matches', async () => {
    const north = idsOf((contact) => contact.client === 'North');
    expect(await list(`?client_id=${clients.North}&sort_order=asc`)).toMatchObject({ ids: north, meta: { total: 4 } });
    expect((await list(`?client_id=${clients.North}&sort_by=updated_at`)).ids).toEqual([north[0], ...north.slice(1).reverse()]);
    const active = idsOf((contact) => contact.status === 'Active');
    expect(await list(`?client_contact_status_id=${statuses.Active}&sort_order=asc`)).toMatchObject({ ids: active, meta: { total: 4 } });
    expect((await list(`?client_contact_status_id=${statuses.Active}&sort_by=updated_at&sort_order=asc`)).ids).toEqual(active);
    const p1 = idsOf((contact) => contact.person === 'P1');
    expect(await list(`?person_id=${persons.P1}`)).toMatchObject({ ids: [...p1].reverse(), meta: { total: 2 } });
    expect((await list(`?person_id=${persons.P1}&sort_by=updated_at`)).ids).toEqual(p1);
  });

  it('combines filters with AND', async () => {
    expect((await list(`?client_id=${clients.North}&client_contact_status_id=${statuses.Active}&sort_order=asc`)).ids).toEqual(idsOf((c) => c.client === 'North' && c.status === 'Active'));
    expect(await list(`?person_id=${persons.P2}&client_id=${clients.South}`)).toMatchObject({ ids: idsOf((c) => c.person === 'P2' && c.client === 'South'), meta: { total: 1 } });
    expect(await list(`?person_id=${persons.P4}&client_contact_status_id=${statuses.Active}`)).toMatchObject({ ids: [], meta: { total: 0 } });
  });

  it('pages with offset and limit, filtered or not', async () => {
    const all = contacts.map((contact) => contact.id).reverse();
    expect(await list('?offset=2&limit=3')).toEqual({ ids: all.slice(2, 5), meta: { total: 7, offset: 2, limit: 3 }, rows: expect.any(Array) });
    expect((await list('?offset=7')).ids).toEqual([]);
    const south = idsOf((contact) => contact.client === 'South');
    expect(await list(`?client_id=${clients.South}&sort_order=asc&offset=1&limit=1`)).toMatchObject({ ids: [south[1]], meta: { total: 3, offset: 1, limit: 1 } });
  });

  it.each(['limit=0', 'limit=101', 'offset=-1', 'sort_by=name', 'sort_order=up', 'person_id=abc', 'client_id=1'])('refuses %s with 400', async (query) => {
    const response = await api.request('GET', `/v1/client-contacts?${query}`, { token: team.api_key });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
  });

  it("answers 404 for a filter naming no record of the team", async () => {
    expect((await api.request('GET', `/v1/client-contacts?client_id=${clients.North}`)).status).toBe(404);
    expect((await api.request('GET', '/v1/client-contacts?client_contact_status_id=00000000-0000-4000-8000-000000000000', { token: team.api_key })).status).toBe(404);
  });

  it('shows person, company and status as null when missing, and never lists deleted contacts', async () => {
    const other = await seedTeam('Null Team', { email: 'null@example.com', first_name: 'N', last_name: 'U' });
    const gonePerson = await storePerson(other.team_id, { name: 'Gone' });
    const keptPerson = await storePerson(other.team_id, { name: 'Kept' });
    const goneCompany = (await api.request('POST', '/v1/companies', { token: other.api_key, body: { name: 'Gone Co' } })).body.data;
    const keptCompany = (await api.request('POST', '/v1/companies', { token: other.api_key, body: { name: 'Kept Co' } })).body.data;
    const a = (await api.request('POST', '/v1/client-contacts', { token: other.api_key, body: { person_id: gonePerson.id, client_id: keptCompany.id, client_contact_status_id: null } })).body.data;
    const b = (await api.request('POST', '/v1/client-contacts', { token: other.api_key, body: { person_id: keptPerson.id, client_id: goneCompany.id } })).body.data;
    const c = (await api.request('POST', '/v1/client-contacts', { token: other.api_key, body: { person_id: keptPerson.id, client_id: keptCompany.id } })).body.data;
    await markPersonDeleted(other.team_id, gonePerson.id);
    await api.request('DELETE', `/v1/companies/${goneCompany.id}`, { token: other.api_key });
    await api.request('DELETE', `/v1/client-contacts/${c.id}`, { token: other.api_key });
    const response = await api.request('GET', '/v1/client-contacts?sort_order=asc', { token: other.api_key });
    expect(response.body.meta.total).toBe(2);
    expect(response.body.data.map((row: { id: string }) => row.id)).toEqual([a.id, b.id]);
    expect(response.body.data[0]).toMatchObject({ person_id: gonePerson.id, person: null, company: { name: 'Kept Co' }, client_contact_status_id: null, status: null });
    expect(response.body.data[1]).toMatchObject({ client_id: goneCompany.id, company: null, person: { name: 'Kept' }, status: { name: 'Prospect' } });
    expect((await api.request('GET', `/v1/client-contacts?client_id=${keptCompany.id}`, { token: other.api_key })).body.meta.total).toBe(1);
  });
});
