import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
let company: { id: string };
beforeAll(async () => {
  api = await startTestApi();
  company = (await api.request('POST', '/v1/companies', { body: { name: 'Activity Co' } })).body.data;
});
afterAll(async () => api.close());

const log = (activity_type: string, activity_content: string, extra: Record<string, unknown> = {}) =>
  api.request('POST', '/v1/company-activities', { body: { organization_company_id: company.id, activity_type, activity_content, ...extra } });

describe('POST /v1/company-activities', () => {
  it('logs an activity (201) and makes it the date of last engagement', async () => {
    const response = await log('call_note', 'Called about renewal');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), organization_company_id: company.id, activity_type: 'call_note' } });
    const fetched = (await api.request('GET', `/v1/companies/${company.id}`)).body.data;
    const listed = (await api.request('GET', `/v1/companies/${company.id}/activities?limit=1`)).body.data[0];
    expect(fetched.date_of_last_engagement).toBe(listed.created_at);
  });

  it('detects HTML and stores a plain-text mirror; plain text is its own mirror', async () => {
    await log('meeting_note', '<p>Met <b>CTO</b> &amp; CFO</p><ul><li>Budget</li><li>Q3</li></ul>');
    await log('email', 'Plain 5 < 6 text');
    const [plain, html] = (await api.request('GET', `/v1/companies/${company.id}/activities?limit=2`)).body.data;
    expect(html).toMatchObject({ activity_type: 'meeting_note', is_html: true, activity_content: '<p>Met <b>CTO</b> &amp; CFO</p><ul><li>Budget</li><li>Q3</li></ul>', activity_content_text: 'Met CTO & CFO\nBudget\nQ3' });
    expect(plain).toMatchObject({ activity_type: 'email', is_html: false, activity_content: 'Plain 5 < 6 text', activity_content_text: 'Plain 5 < 6 text' });
  });

  it('refuses an unregistered type, an archived type and a deleted company with 400', async () => {
    const unknown = await log('carrier_pigeon', 'coo');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ path: 'body.activity_type', message: 'Not a registered company activity type' }]);
    await api.request('POST', '/v1/company-activities/types', { body: { type: 'fax', name: 'Fax' } });
    await api.request('PATCH', '/v1/company-activities/types/fax', { body: { is_archived: true } });
    expect((await log('fax', 'beep')).status).toBe(400);
    // A person activity type is not a company activity type.
    await api.request('POST', '/v1/person-activities/types', { body: { type: 'coffee_chat', name: 'Coffee chat' } });
    expect((await log('coffee_chat', 'latte')).status).toBe(400);
    const doomed = (await api.request('POST', '/v1/companies', { body: { name: 'Gone Co' } })).body.data;
    await api.request('DELETE', `/v1/companies/${doomed.id}`);
    const gone = await api.request('POST', '/v1/company-activities', { body: { organization_company_id: doomed.id, activity_type: 'email', activity_content: 'x' } });
    expect(gone.status).toBe(400);
    expect(gone.body.error.details[0].path).toBe('body.organization_company_id');
  });

  it("refuses another team's company and an empty content", async () => {
    expect((await api.request('POST', '/v1/company-activities', { token: api.teamB.api_key, body: { organization_company_id: company.id, activity_type: 'email', activity_content: 'x' } })).status).toBe(400);
    expect((await log('email', '')).status).toBe(400);
  });
});

describe('GET /v1/companies/{id}/activities', () => {
  let listed: TestApi['teamA'];
  let target: { id: string };
  beforeAll(async () => {
    const { seedTeam } = await import('../../../infra/local/seed');
    listed = await seedTeam('Activity Team', { email: 'act@example.com', first_name: 'Al', last_name: 'Act' });
    target = (await api.request('POST', '/v1/companies', { token: listed.api_key, body: { name: 'Target' } })).body.data;
    for (const type of ['email', 'call_note', 'email', 'meeting_note', 'secondary_note', 'email']) {
      await api.request('POST', '/v1/company-activities', { token: listed.api_key, body: { organization_company_id: target.id, activity_type: type, activity_content: type } });
    }
  });
  const types = async (query: string) => {
    const response = await api.request('GET', `/v1/companies/${target.id}/activities${query}`, { token: listed.api_key });
    return { types: (response.body.data as { activity_type: string }[]).map((activity) => activity.activity_type), meta: response.body.meta };
  };

  it('lists newest first with meta and pages', async () => {
    expect(await types('')).toEqual({ types: ['email', 'secondary_note', 'meeting_note', 'email', 'call_note', 'email'], meta: { total: 6, offset: 0, limit: 100 } });
    expect(await types('?offset=2&limit=2')).toEqual({ types: ['meeting_note', 'email'], meta: { total: 6, offset: 2, limit: 2 } });
  });

  it('keeps activity_types, drops excluded_activity_types, and combines them', async () => {
    expect(await types('?activity_types=email,call_note')).toEqual({ types: ['email', 'email', 'call_note', 'email'], meta: { total: 4, offset: 0, limit: 100 } });
    expect(await types('?excluded_activity_types=email')).toEqual({ types: ['secondary_note', 'meeting_note', 'call_note'], meta: { total: 3, offset: 0, limit: 100 } });
    expect((await types('?activity_types=email,call_note&excluded_activity_types=email&limit=5')).types).toEqual(['call_note']);
    expect((await types('?activity_types=email&offset=1&limit=1')).meta).toEqual({ total: 3, offset: 1, limit: 1 });
  });

  it('answers 404 for an unknown or foreign company and 400 for malformed filters and bounds', async () => {
    expect((await api.request('GET', `/v1/companies/${target.id}/activities`)).status).toBe(404);
    expect((await api.request('GET', '/v1/companies/00000000-0000-4000-8000-000000000000/activities', { token: listed.api_key })).status).toBe(404);
    expect((await api.request('GET', `/v1/companies/${target.id}/activities?activity_types=Not%20A%20Key`, { token: listed.api_key })).status).toBe(400);
    expect((await api.request('GET', `/v1/companies/${target.id}/activities?limit=101`, { token: listed.api_key })).status).toBe(400);
  });
});
