import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';
import { storePerson } from '../../support/persons';

let api: TestApi;
let person: { id: string };
beforeAll(async () => {
  api = await startTestApi();
  person = await storePerson(api.teamA.team_id, { name: 'Pat Person' });
});
afterAll(async () => api.close());

const log = (activity_type: string, activity_content: string, extra: Record<string, unknown> = {}, token?: string) =>
  api.request('POST', '/v1/person-activities', { ...(token ? { token } : {}), body: { person_id: person.id, activity_type, activity_content, ...extra } });

describe('POST /v1/person-activities', () => {
  it('logs an activity (201), attributed to team_member_id for an API key and to the member for a session', async () => {
    const byKey = await log('call_note', 'Left a voicemail', { team_member_id: api.teamA.team_member_id });
    expect(byKey.status).toBe(201);
    expect(byKey.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      person_id: person.id,
      activity_type: 'call_note',
      activity_content: 'Left a voicemail',
      activity_content_text: 'Left a voicemail',
      is_html: false,
      team_member_id: api.teamA.team_member_id,
      created_at: expect.stringMatching(/Z$/),
    });
    expect((await log('email', 'No author')).body.data.team_member_id).toBeNull();
    const bySession = await log('email', 'From a session', { team_member_id: api.teamB.team_member_id }, api.teamA.session_token);
    expect(bySession.body.data.team_member_id).toBe(api.teamA.team_member_id);
    expect((await log('email', 'x', { team_member_id: api.teamB.team_member_id })).status).toBe(400);
  });

  it('stores an HTML mirror', async () => {
    const response = await log('meeting_note', '<p>Discussed <i>offer</i></p><p>Next: call</p>');
    expect(response.body.data).toMatchObject({ is_html: true, activity_content_text: 'Discussed offer\nNext: call' });
  });

  it('refuses unregistered, archived and company-only types, unknown or foreign persons', async () => {
    expect((await log('fax', 'beep')).body.error.details).toEqual([{ path: 'body.activity_type', message: 'Not a registered person activity type' }]);
    await api.request('POST', '/v1/person-activities/types', { body: { type: 'old_style', name: 'Old style' } });
    await api.request('PATCH', '/v1/person-activities/types/old_style', { body: { is_archived: true } });
    expect((await log('old_style', 'x')).status).toBe(400);
    await api.request('POST', '/v1/company-activities/types', { body: { type: 'site_visit', name: 'Site visit' } });
    expect((await log('site_visit', 'x')).status).toBe(400);
    const theirs = await storePerson(api.teamB.team_id, { name: 'Theirs' });
    const foreign = await api.request('POST', '/v1/person-activities', { body: { person_id: theirs.id, activity_type: 'email', activity_content: 'x' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([{ path: 'body.person_id', message: 'Not a person of this team' }]);
    expect((await log('email', '')).status).toBe(400);
  });
});

describe('GET /v1/persons/{id}/activities', () => {
  let subject: { id: string };
  beforeAll(async () => {
    subject = await storePerson(api.teamA.team_id, { name: 'Listed Person' });
    for (const type of ['secondary_note', 'email', 'call_note', 'email', 'meeting_note']) {
      await api.request('POST', '/v1/person-activities', { body: { person_id: subject.id, activity_type: type, activity_content: type } });
    }
  });
  const types = async (query = '') => {
    const response = await api.request('GET', `/v1/persons/${subject.id}/activities${query}`);
    return { types: (response.body.data as { activity_type: string }[]).map((activity) => activity.activity_type), meta: response.body.meta };
  };

  it('lists newest first, paginated, with meta', async () => {
    expect(await types()).toEqual({ types: ['meeting_note', 'email', 'call_note', 'email', 'secondary_note'], meta: { total: 5, offset: 0, limit: 100 } });
    expect(await types('?offset=1&limit=2')).toEqual({ types: ['email', 'call_note'], meta: { total: 5, offset: 1, limit: 2 } });
  });

  it('keeps activity_types and drops excluded_activity_types', async () => {
    expect(await types('?activity_types=email')).toEqual({ types: ['email', 'email'], meta: { total: 2, offset: 0, limit: 100 } });
    expect((await types('?excluded_activity_types=email,secondary_note')).types).toEqual(['meeting_note', 'call_note']);
  });

  it("answers 404 for an unknown or another team's person, and 400 for bad bounds", async () => {
    expect((await api.request('GET', `/v1/persons/${subject.id}/activities`, { token: api.teamB.api_key })).status).toBe(404);
    expect((await api.request('GET', `/v1/persons/${subject.id}/activities?limit=0`)).status).toBe(400);
  });
});
