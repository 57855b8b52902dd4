import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from '../../../infra/local/seed';
import type { SeededTeam } from '../../../infra/local/seed';
import { maxCampaignTasksPerPerson } from '../../../shared/domain/campaigns/campaign-store';
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
const unknownId = '00000000-0000-4000-8000-000000000000';

const createCampaign = async (name: string, token?: string) => (await api.request('POST', '/v1/campaigns', { ...(token ? { token } : {}), body: { name } })).body.data as { id: string; member_count: number };

describe('POST /v1/campaigns and GET /v1/campaigns', () => {
  it('creates a campaign (201) and answers it by id and in the list, newest first', async () => {
    const created = await api.request('POST', '/v1/campaigns', { body: { name: 'Q3 outreach' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ success: true, data: { id: uuid, name: 'Q3 outreach', member_count: 0, created_at: timestamp, updated_at: created.body.data.created_at } });
    expect((await api.request('GET', `/v1/campaigns/${created.body.data.id}`)).body.data).toEqual(created.body.data);
    const later = await createCampaign('Q4 outreach');
    const list = await api.request('GET', '/v1/campaigns?limit=2');
    expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([later.id, created.body.data.id]);
    expect(list.body.meta).toEqual({ total: expect.any(Number), offset: 0, limit: 2 });
    expect(list.body.meta.total).toBeGreaterThanOrEqual(2);
  });

  it.each([[{}, 'body.name'], [{ name: '' }, 'body.name'], [{ name: 7 }, 'body.name'], [{ name: 'x', goal: 'y' }, 'body.goal']])('refuses %j with 400 naming %s', async (body, path) => {
    const response = await api.request('POST', '/v1/campaigns', { body });
    expect(response.status).toBe(400);
    expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toEqual([path]);
  });

  it("answers 404 for another team's campaign and 400 for a malformed id", async () => {
    const theirs = await createCampaign('Their campaign', api.teamB.api_key);
    expect((await api.request('GET', `/v1/campaigns/${theirs.id}`)).status).toBe(404);
    expect((await api.request('GET', `/v1/campaigns/${theirs.id}/members`)).status).toBe(404);
    expect((await api.request('POST', `/v1/campaigns/${theirs.id}/members`, { body: { person_ids: [unknownId] } })).status).toBe(404);
    expect((await api.request('DELETE', `/v1/campaigns/${theirs.id}/members`, { body: { person_ids: [unknownId] } })).status).toBe(404);
    expect((await api.request('GET', '/v1/campaigns/nope')).status).toBe(400);
    expect((await api.request('GET', '/v1/campaigns', { token: api.teamB.api_key })).body.data.map((row: { id: string }) => row.id)).toEqual([theirs.id]);
  });
});

describe('POST and DELETE /v1/campaigns/{id}/members', () => {
  let team: SeededTeam;
  const members = (method: 'POST' | 'DELETE', campaignId: string, body: unknown) => api.request(method, `/v1/campaigns/${campaignId}/members`, { token: team.api_key, body });
  const listMembers = async (campaignId: string) => (await api.request('GET', `/v1/campaigns/${campaignId}/members`, { token: team.api_key })).body;
  const memberCount = async (campaignId: string) => (await api.request('GET', `/v1/campaigns/${campaignId}`, { token: team.api_key })).body.data.member_count as number;

  beforeAll(async () => {
    team = await seedTeam('Campaign Team', { email: 'campaigns@example.com', first_name: 'Cara', last_name: 'Campaign' });
  });

  it('adds persons, reports members already present, and fails invalid, unknown, deleted and other teams\' ids one by one', async () => {
    const campaign = await createCampaign('Adds', team.api_key);
    const [ana, bo] = [await storePerson(team.team_id, { name: 'Ana' }), await storePerson(team.team_id, { name: 'Bo' })];
    const gone = await storePerson(team.team_id, { name: 'Gone' });
    await markPersonDeleted(team.team_id, gone.id);
    const theirs = await storePerson(api.teamB.team_id, { name: 'Theirs' });
    const first = await members('POST', campaign.id, { person_ids: [ana?.id] });
    expect(first.status).toBe(200);
    const response = await members('POST', campaign.id, { person_ids: [ana?.id, bo?.id, 'not-an-id', unknownId, gone.id, theirs.id, bo?.id] });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      campaign_id: campaign.id,
      added_ids: [bo?.id],
      already_present_ids: [ana?.id],
      failed: [
        { id: 'not-an-id', reason: 'invalid_id' },
        { id: unknownId, reason: 'not_found' },
        { id: gone.id, reason: 'not_found' },
        { id: theirs.id, reason: 'not_found' },
      ],
    });
    expect(await memberCount(campaign.id)).toBe(2);
    expect((await listMembers(campaign.id)).data).toEqual([
      { person_id: ana?.id, joined_at: timestamp, left_at: null },
      { person_id: bo?.id, joined_at: timestamp, left_at: null },
    ]);
  });

  it('marks members as having left with left_at, reports non-members in not_found_ids, and lets them rejoin', async () => {
    const campaign = await createCampaign('Leaves', team.api_key);
    const [ana, bo, cy] = [await storePerson(team.team_id, { name: 'Ana' }), await storePerson(team.team_id, { name: 'Bo' }), await storePerson(team.team_id, { name: 'Cy' })];
    await members('POST', campaign.id, { person_ids: [ana?.id, bo?.id] });
    const left = await members('DELETE', campaign.id, { person_ids: [ana?.id, cy?.id, 'bad', unknownId, ana?.id] });
    expect(left.status).toBe(200);
    expect(left.body.data).toEqual({ campaign_id: campaign.id, left_ids: [ana?.id], not_found_ids: [cy?.id], failed: [{ id: 'bad', reason: 'invalid_id' }, { id: unknownId, reason: 'not_found' }] });
    expect(await memberCount(campaign.id)).toBe(1);
    const listed = await listMembers(campaign.id);
    expect(listed.meta).toEqual({ total: 2, offset: 0, limit: 100 });
    const anaRow = listed.data.find((row: { person_id: string }) => row.person_id === ana?.id);
    expect(anaRow).toEqual({ person_id: ana?.id, joined_at: timestamp, left_at: timestamp });
    expect(anaRow.left_at >= anaRow.joined_at).toBe(true);
    // Leaving twice: the second time the person is no longer a member.
    expect((await members('DELETE', campaign.id, { person_ids: [ana?.id] })).body.data).toMatchObject({ left_ids: [], not_found_ids: [ana?.id] });
    const rejoined = await members('POST', campaign.id, { person_ids: [ana?.id] });
    expect(rejoined.body.data).toMatchObject({ added_ids: [ana?.id], already_present_ids: [] });
    expect(await memberCount(campaign.id)).toBe(2);
    const again = (await listMembers(campaign.id)).data.find((row: { person_id: string }) => row.person_id === ana?.id);
    expect(again.left_at).toBeNull();
    expect(again.joined_at >= anaRow.left_at).toBe(true);
  });

  it.each([
    [{}, 'body.person_ids'],
    [{ person_ids: [] }, 'body.person_ids'],
    [{ person_ids: 'abc' }, 'body.person_ids'],
    [{ person_ids: Array.from({ length: 101 }, () => unknownId) }, 'body.person_ids'],
    [{ person_ids: [unknownId], company_ids: [unknownId] }, 'body.company_ids'],
  ])('refuses the body %j with 400 naming %s', async (body, path) => {
    const campaign = await createCampaign('Bodies', team.api_key);
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await members(method, campaign.id, body);
      expect(response.status).toBe(400);
      expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toEqual([path]);
    }
  });

  it('moves the tasks of many persons in one request, over several transactions, and back', async () => {
    const campaign = await createCampaign('Bulk', team.api_key);
    const persons = [];
    for (let index = 0; index < 20; index += 1) persons.push((await storePerson(team.team_id, { name: `Bulk ${index}` })).id);
    expect((await members('POST', campaign.id, { person_ids: persons })).body.data.added_ids).toHaveLength(20);
    for (const personId of persons) {
      for (let step = 0; step < 5; step += 1) {
        const created = await api.request('POST', '/v1/tasks', { token: team.api_key, body: { content_text: `Bulkstep ${step}`, task_type: 'social_message', person_id: personId, campaign_id: campaign.id, is_completed: step === 4 } });
        expect(created.status).toBe(201);
      }
    }
    const search = async (body: Record<string, unknown>) => (await api.request('POST', '/v1/tasks/search', { token: team.api_key, body: { keywords: ['bulkstep'], ...body } })).body.meta.total as number;
    expect(await search({})).toBe(100);
    // 20 standings and 100 tasks (80 open) to move, with counters: more than one transaction holds.
    const left = await members('DELETE', campaign.id, { person_ids: persons });
    expect(left.body.data).toMatchObject({ left_ids: persons, not_found_ids: [], failed: [] });
    expect(await search({})).toBe(20);
    expect(await search({ include_left_campaign: true })).toBe(100);
    expect(await search({ is_completed: false, include_left_campaign: true })).toBe(80);
    expect(await memberCount(campaign.id)).toBe(0);
    expect((await members('POST', campaign.id, { person_ids: persons })).body.data.added_ids).toEqual(persons);
    expect(await search({})).toBe(100);
    expect(await memberCount(campaign.id)).toBe(20);
  });

  it(`refuses more than ${maxCampaignTasksPerPerson} tasks of one person in one campaign, until one is deleted`, async () => {
    const campaign = await createCampaign('Capped', team.api_key);
    const person = await storePerson(team.team_id, { name: 'Busy' });
    const create = () => api.request('POST', '/v1/tasks', { token: team.api_key, body: { content_text: 'Step', task_type: 'call', person_id: person.id, campaign_id: campaign.id } });
    let last = '';
    for (let index = 0; index < maxCampaignTasksPerPerson; index += 1) last = (await create()).body.data.id;
    const refused = await create();
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ path: 'body.campaign_id', message: `The person already has ${maxCampaignTasksPerPerson} tasks in this campaign` }]);
    expect((await api.request('POST', '/v1/tasks', { token: team.api_key, body: { content_text: 'Elsewhere', task_type: 'call', person_id: person.id } })).status).toBe(201);
    await api.request('DELETE', `/v1/tasks/${last}`, { token: team.api_key });
    expect((await create()).status).toBe(201);
  });
});
