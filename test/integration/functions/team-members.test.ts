import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember } from '../../../shared/domain/team-members';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
const addedEmails: string[] = [];

beforeAll(async () => {
  api = await startTestApi();
  // Team A: the seeded member plus 11 more, added one after the other so creation order is known.
  for (let index = 1; index <= 11; index += 1) {
    const email = `member${String(index).padStart(2, '0')}@example.com`;
    await addTeamMember(api.teamA.team_id, { email, first_name: `First${index}`, last_name: `Last${index}` });
    addedEmails.push(email);
  }
});
afterAll(async () => api.close());

describe('GET /v1/team-members', () => {
  it('lists the members in the order they joined, with every field and meta', async () => {
    const response = await api.request('GET', '/v1/team-members');
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ total: 12, offset: 0, limit: 100 });
    expect(response.body.data.map((member: { email: string }) => member.email)).toEqual(['demo@example.com', ...addedEmails]);
    expect(response.body.data[0]).toEqual({ id: api.teamA.team_member_id, email: 'demo@example.com', first_name: 'Dana', last_name: 'Demo', created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) });
  });

  it('pages with offset and limit while meta.total counts every member', async () => {
    const response = await api.request('GET', '/v1/team-members?offset=5&limit=4');
    expect(response.body.meta).toEqual({ total: 12, offset: 5, limit: 4 });
    expect(response.body.data.map((member: { email: string }) => member.email)).toEqual(addedEmails.slice(4, 8));
    const last = await api.request('GET', '/v1/team-members?offset=10&limit=100');
    expect(last.body.data).toHaveLength(2);
    const beyond = await api.request('GET', '/v1/team-members?offset=50');
    expect(beyond.body).toEqual({ success: true, data: [], meta: { total: 12, offset: 50, limit: 100 } });
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'offset=-1', 'offset=x'])('refuses %s with 400 naming the parameter', async (query) => {
    const response = await api.request('GET', `/v1/team-members?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
    expect(response.body.error.details[0].path).toBe(`query.${query.split('=')[0]}`);
  });

  it('accepts the bounds themselves (limit 1 and 100, offset 0)', async () => {
    expect((await api.request('GET', '/v1/team-members?limit=1&offset=0')).body.data).toHaveLength(1);
    expect((await api.request('GET', '/v1/team-members?limit=100')).status).toBe(200);
  });

  it("shows each team only its own members", async () => {
    const response = await api.request('GET', '/v1/team-members', { token: api.teamB.api_key });
    expect(response.body.meta.total).toBe(1);
    expect(response.body.data.map((member: { email: string }) => member.email)).toEqual(['other@example.com']);
  });

  it('answers the same to a session token of the team', async () => {
    const response = await api.request('GET', '/v1/team-members?limit=2', { token: api.teamA.session_token });
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ total: 12, offset: 0, limit: 2 });
  });
});
