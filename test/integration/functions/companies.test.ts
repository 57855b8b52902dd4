import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember } from '../../../shared/domain/team-members';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
let owner: { id: string; first_name: string; last_name: string };
const fields: Record<string, { id: string; tags: { id: string; name: string }[] }> = {};

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

async function defineField(name: string, data_type: string, tags?: { name: string; color: string }[]) {
  const response = await api.request('POST', '/v1/custom-fields/companies', { body: { name, data_type, ...(tags ? { tags } : {}) } });
  fields[name] = response.body.data;
  return response.body.data as { id: string; tags: { id: string; name: string }[] };
}

beforeAll(async () => {
  api = await startTestApi();
  const member = await addTeamMember(api.teamA.team_id, { email: 'owner@example.com', first_name: 'Olga', last_name: 'Owner' });
  owner = { id: member.id, first_name: member.first_name, last_name: member.last_name };
  await defineField('Employees', 'integer');
  await defineField('Founded', 'date');
  await defineField('Notes', 'text');
  await defineField('Revenue', 'number');
  await defineField('Stack', 'multi-select', [{ name: 'Node', color: '#000001' }, { name: 'Go', color: '#000002' }, { name: 'Rust', color: '#000003' }]);
  await defineField('Tier', 'single-select', [{ name: 'Gold', color: '#000004' }, { name: 'Silver', color: '#000005' }]);
  await defineField('Account team', 'multi-team-member');
  await defineField('Partners', 'multi-company');
});
afterAll(async () => api.close());

describe('POST /v1/companies and GET /v1/companies/{id}', () => {
  it('creates a client with every field and answers the full record (201)', async () => {
    const partner = (await api.request('POST', '/v1/companies', { body: { name: 'Partner Co' } })).body.data;
    const statuses = (await api.request('GET', '/v1/companies/client-statuses')).body.data;
    const active = statuses.find((status: { name: string }) => status.name === 'Active client');
    const stack = fields.Stack as { id: string; tags: { id: string; name: string }[] };
    const tier = fields.Tier as { id: string; tags: { id: string; name: string }[] };
    const created = await api.request('POST', '/v1/companies', {
      body: {
        name: 'Acme Corp',
        domain: 'acme.test',
        social_url: 'https://social.test/acme',
        social_id: 4242,
        location: 'Berlin',
        phone: '+49 30 000000',
        description: 'Rockets',
        is_client: true,
        client_status_id: active.id,
        owner_ids: [owner.id],
        do_not_contact: true,
        do_not_contact_reason: 'Asked us to stop',
        do_not_contact_expiration_date: '2027-01-31',
        team_member_id: api.teamA.team_member_id,
        custom_fields: [
          { attribute_id: fields.Employees?.id, value: 250 },
          { attribute_id: fields.Founded?.id, value: '1999-04-01' },
          { attribute_id: fields.Notes?.id, value: 'Key account' },
          { attribute_id: fields.Revenue?.id, value: 12.5 },
          { attribute_id: stack.id, tag_ids: [stack.tags[0]?.id, stack.tags[2]?.id] },
          { attribute_id: tier.id, tag_ids: [tier.tags[0]?.id] },
          { attribute_id: fields['Account team']?.id, team_member_ids: [owner.id, api.teamA.team_member_id] },
          { attribute_id: fields.Partners?.id, company_ids: [partner.id] },
        ],
      },
    });
    expect(created.status).toBe(201);
    const demo = { id: api.teamA.team_member_id, first_name: 'Dana', last_name: 'Demo' };
    const value = (name: string, extra: Record<string, unknown>) => ({ attribute_id: fields[name]?.id, attribute_name: name, data_type: expect.any(String), value: null, tag: null, team_member: null, company: null, ...extra });
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Acme Corp',
      domain: 'acme.test',
      social_url: 'https://social.test/acme',
      social_id: 4242,
      location: 'Berlin',
      phone: '+49 30 000000',
      description: 'Rockets',
      is_client: true,
      do_not_contact: true,
      do_not_contact_metadata: { reason: 'Asked us to stop', do_not_contact_added_by: demo.id, date_added: timestamp, last_updated_at: timestamp, last_updated_by: demo.id, expiration_date: '2027-01-31T00:00:00.000Z' },
      created_at: timestamp,
      updated_at: timestamp,
      updated_by: demo,
      date_of_last_engagement: null,
      client_status: { id: active.id, name: 'Active client' },
      enriched_company: null,
      owners: [owner],
      custom_fields: [
        value('Employees', { value: 250 }),
        value('Founded', { value: '1999-04-01' }),
        value('Notes', { value: 'Key account' }),
        value('Revenue', { value: 12.5 }),
        value('Stack', { tag: { id: stack.tags[0]?.id, name: 'Node' } }),
        value('Stack', { tag: { id: stack.tags[2]?.id, name: 'Rust' } }),
        value('Tier', { tag: { id: tier.tags[0]?.id, name: 'Gold' } }),
        value('Account team', { team_member: { id: owner.id, name: 'Olga Owner' } }),
        value('Account team', { team_member: { id: demo.id, name: 'Dana Demo' } }),
        value('Partners', { company: { id: partner.id, name: 'Partner Co' } }),
      ],
    });
    const fetched = await api.request('GET', `/v1/companies/${created.body.data.id}`);
    expect(fetched.body.data).toEqual(created.body.data);
  });

  it('gives a new client the default client status, and a non-client none', async () => {
    const client = await api.request('POST', '/v1/companies', { body: { name: 'Client Co', is_client: true } });
    expect(client.body.data.client_status).toEqual({ id: expect.any(String), name: 'Prospect' });
    const prospect = await api.request('POST', '/v1/companies', { body: { name: 'Lead Co' } });
    expect(prospect.body.data).toMatchObject({ is_client: false, client_status: null, do_not_contact: false, do_not_contact_metadata: null, updated_by: null, owners: [], custom_fields: [] });
  });

  it('honours include: custom_fields by default, base fields for an empty include, 400 for anything else', async () => {
    const company = (await api.request('POST', '/v1/companies', { body: { name: 'Include Co', custom_fields: [{ attribute_id: fields.Notes?.id, value: 'n' }] } })).body.data;
    expect((await api.request('GET', `/v1/companies/${company.id}?include=custom_fields`)).body.data.custom_fields).toHaveLength(1);
    const base = await api.request('GET', `/v1/companies/${company.id}?include=`);
    expect(base.status).toBe(200);
    expect(base.body.data).not.toHaveProperty('custom_fields');
    expect(base.body.data.name).toBe('Include Co');
    const wrong = await api.request('GET', `/v1/companies/${company.id}?include=owners`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details[0].path).toBe('query.include');
  });

  it.each([
    ['Employees', { value: 'many' }, 'value', 'expects an integer'],
    ['Employees', { value: 2.5 }, 'value', 'expects an integer'],
    ['Founded', { value: '1999-02-30' }, 'value', 'expects a date YYYY-MM-DD'],
    ['Revenue', { value: '12' }, 'value', 'expects a number'],
    ['Notes', { tag_ids: [] }, 'tag_ids', 'takes value, not tag_ids'],
    ['Tier', { tag_ids: ['33333333-3333-4333-8333-333333333333'] }, 'tag_ids', 'has no tag'],
    ['Account team', { team_member_ids: ['33333333-3333-4333-8333-333333333333'] }, 'team_member_ids', 'no team member'],
    ['Partners', { company_ids: ['33333333-3333-4333-8333-333333333333'] }, 'company_ids', 'no company'],
  ])('refuses a wrong value for %s with 400 naming the field', async (name, entry, key, message) => {
    const response = await api.request('POST', '/v1/companies', { body: { name: 'Bad Co', custom_fields: [{ attribute_id: fields[name]?.id, ...entry }] } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details).toEqual([{ path: `body.custom_fields.0.${key}`, message: expect.stringContaining(`Custom field "${name}"`) }]);
    expect(response.body.error.details[0].message).toContain(message);
    expect(response.body.error.message).toContain(name);
  });

  it('refuses two tags on a single-select, an unknown attribute, unknown owners and a foreign status', async () => {
    const tier = fields.Tier as { id: string; tags: { id: string }[] };
    expect((await api.request('POST', '/v1/companies', { body: { name: 'X', custom_fields: [{ attribute_id: tier.id, tag_ids: tier.tags.map((tag) => tag.id) }] } })).status).toBe(400);
    const unknown = await api.request('POST', '/v1/companies', { body: { name: 'X', custom_fields: [{ attribute_id: '33333333-3333-4333-8333-333333333333', value: 1 }] } });
    expect(unknown.body.error.details[0].path).toBe('body.custom_fields.0.attribute_id');
    const owners = await api.request('POST', '/v1/companies', { body: { name: 'X', owner_ids: [api.teamB.team_member_id] } });
    expect(owners.status).toBe(400);
    expect(owners.body.error.details[0].path).toBe('body.owner_ids');
    const foreignStatus = (await api.request('GET', '/v1/companies/client-statuses', { token: api.teamB.api_key })).body.data[0].id;
    expect((await api.request('POST', '/v1/companies', { body: { name: 'X', is_client: true, client_status_id: foreignStatus } })).status).toBe(400);
    expect((await api.request('POST', '/v1/companies', { body: { name: 'X', do_not_contact_reason: 'why' } })).status).toBe(400);
    expect((await api.request('POST', '/v1/companies', { body: { name: 'X', colour: 'red' } })).status).toBe(400);
  });
});

describe('PATCH and DELETE /v1/companies/{id}', () => {
  it('changes only what is given, keeps other custom fields, and tracks do-not-contact changes', async () => {
    const created = (await api.request('POST', '/v1/companies', {
      body: { name: 'Patch Co', do_not_contact: true, do_not_contact_reason: 'first', custom_fields: [{ attribute_id: fields.Notes?.id, value: 'keep' }, { attribute_id: fields.Employees?.id, value: 5 }] },
    })).body.data;
    const patched = await api.request('PATCH', `/v1/companies/${created.id}`, {
      token: api.teamA.session_token,
      body: { location: 'Paris', do_not_contact_reason: 'second', custom_fields: [{ attribute_id: fields.Employees?.id, value: null }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: 'Patch Co', location: 'Paris', updated_by: { id: api.teamA.team_member_id } });
    expect(patched.body.data.do_not_contact_metadata).toMatchObject({ reason: 'second', do_not_contact_added_by: null, date_added: created.do_not_contact_metadata.date_added, last_updated_by: api.teamA.team_member_id });
    expect(patched.body.data.custom_fields.map((value: { attribute_name: string; value: unknown }) => [value.attribute_name, value.value])).toEqual([['Notes', 'keep']]);
    const cleared = await api.request('PATCH', `/v1/companies/${created.id}`, { body: { do_not_contact: false } });
    expect(cleared.body.data).toMatchObject({ do_not_contact: false, do_not_contact_metadata: null, updated_by: null });
  });

  it("answers 404 for another team's company on every verb", async () => {
    const theirs = (await api.request('POST', '/v1/companies', { token: api.teamB.api_key, body: { name: 'Their Co' } })).body.data;
    expect((await api.request('GET', `/v1/companies/${theirs.id}`)).status).toBe(404);
    expect((await api.request('PATCH', `/v1/companies/${theirs.id}`, { body: { name: 'Mine' } })).status).toBe(404);
    expect((await api.request('DELETE', `/v1/companies/${theirs.id}`)).status).toBe(404);
    expect((await api.request('GET', `/v1/companies/${theirs.id}`, { token: api.teamB.api_key })).body.data.name).toBe('Their Co');
  });

  it('soft-deletes: the company answers 404 and leaves search', async () => {
    const created = (await api.request('POST', '/v1/companies', { body: { name: 'Doomed Co' } })).body.data;
    expect((await api.request('DELETE', `/v1/companies/${created.id}`)).body).toEqual({ success: true, data: { id: created.id, deleted: true } });
    expect((await api.request('GET', `/v1/companies/${created.id}`)).status).toBe(404);
    const search = await api.request('POST', '/v1/companies/search', { body: { keywords: ['doomed'] } });
    expect(search.body.data).toEqual([]);
    expect(search.body.meta.total).toBe(0);
  });
});

describe('POST /v1/companies/search', () => {
  let searchTeam: TestApi['teamA'];
  beforeAll(async () => {
    const { seedTeam } = await import('../../../infra/local/seed');
    searchTeam = await seedTeam('Search Team', { email: 'search@example.com', first_name: 'Sam', last_name: 'Search' });
    const create = (body: Record<string, unknown>) => api.request('POST', '/v1/companies', { token: searchTeam.api_key, body });
    await create({ name: 'Beta Labs', domain: 'beta.io', is_client: true, owner_ids: [searchTeam.team_member_id] });
    await create({ name: 'alpha systems', domain: 'alpha.dev' });
    await create({ name: 'Gamma Beta', domain: 'gamma.com', do_not_contact: true });
    await create({ name: 'Delta', domain: 'BETA.io.example', is_client: true });
  });
  const names = async (body: Record<string, unknown>) => {
    const response = await api.request('POST', '/v1/companies/search', { token: searchTeam.api_key, body });
    expect(response.status).toBe(200);
    return { names: (response.body.data as { name: string }[]).map((company) => company.name), meta: response.body.meta };
  };

  it('lists everything newest first by default with meta, and rows have no custom_fields', async () => {
    const response = await api.request('POST', '/v1/companies/search', { token: searchTeam.api_key, body: {} });
    expect(response.body.meta).toEqual({ total: 4, offset: 0, limit: 100 });
    expect(response.body.data.map((company: { name: string }) => company.name)).toEqual(['Delta', 'Gamma Beta', 'alpha systems', 'Beta Labs']);
    expect(response.body.data[0]).not.toHaveProperty('custom_fields');
  });

  it('matches keywords as case-insensitive substrings of name or domain, all keywords together', async () => {
    expect((await names({ keywords: ['BETA'] })).names).toEqual(['Delta', 'Gamma Beta', 'Beta Labs']);
    expect((await names({ keywords: ['beta', 'labs'] })).names).toEqual(['Beta Labs']);
  });

  it('filters by domain, is_client, client status, owners and do_not_contact', async () => {
    expect((await names({ domain: 'Beta.IO' })).names).toEqual(['Beta Labs']);
    expect((await names({ is_client: true })).names).toEqual(['Delta', 'Beta Labs']);
    expect((await names({ is_client: false, do_not_contact: false })).names).toEqual(['alpha systems']);
    expect((await names({ owner_ids: [searchTeam.team_member_id] })).names).toEqual(['Beta Labs']);
    const prospect = (await api.request('GET', '/v1/companies/client-statuses', { token: searchTeam.api_key })).body.data[0].id;
    expect((await names({ client_status_ids: [prospect] })).names).toEqual(['Delta', 'Beta Labs']);
    expect((await names({ do_not_contact: true })).names).toEqual(['Gamma Beta']);
  });

  it('sorts by name (case-insensitive), created_at and updated_at in both orders, and pages', async () => {
    expect((await names({ sort_by: 'name', sort_order: 'asc' })).names).toEqual(['alpha systems', 'Beta Labs', 'Delta', 'Gamma Beta']);
    expect((await names({ sort_by: 'name', sort_order: 'desc' })).names).toEqual(['Gamma Beta', 'Delta', 'Beta Labs', 'alpha systems']);
    expect((await names({ sort_by: 'created_at', sort_order: 'asc' })).names).toEqual(['Beta Labs', 'alpha systems', 'Gamma Beta', 'Delta']);
    const all = (await api.request('POST', '/v1/companies/search', { token: searchTeam.api_key, body: { keywords: ['alpha'] } })).body.data;
    await api.request('PATCH', `/v1/companies/${all[0].id}`, { token: searchTeam.api_key, body: { phone: '1' } });
    expect((await names({ sort_by: 'updated_at' })).names[0]).toBe('alpha systems');
    const paged = await names({ sort_by: 'name', sort_order: 'asc', offset: 1, limit: 2 });
    expect(paged).toEqual({ names: ['Beta Labs', 'Delta'], meta: { total: 4, offset: 1, limit: 2 } });
  });

  it.each([{ limit: 0 }, { limit: 101 }, { offset: -1 }, { sort_by: 'domain' }, { keywords: 'beta' }, { unknown: true }])('refuses %j with 400', async (body) => {
    const response = await api.request('POST', '/v1/companies/search', { token: searchTeam.api_key, body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
  });
});
