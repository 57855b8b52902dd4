import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../../../infra/local/tokens';
import { startTestApi } from '../../../support/local-api';
import type { TestApi } from '../../../support/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

describe('Local server: HTTP behaviour shared by every route', () => {
  it('answers an unknown route with 404 in the error envelope', async () => {
    const response = await api.request('GET', '/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Route GET /v1/nothing-here not found', request_id: response.headers.get('x-request-id') } });
  });

  it('answers a known path with an unrouted method with 404, as API Gateway does', async () => {
    const response = await api.request('PUT', '/v1/deals/statuses');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });

  it('prefers a literal path segment over a path parameter', async () => {
    const statuses = await api.request('GET', '/v1/deals/statuses');
    const id = statuses.body.data[1].id as string;
    const response = await api.request('PATCH', `/v1/deals/statuses/${id}`, { body: { color: '#000000' } });
    expect(response.status).toBe(200);
    expect(response.body.data.color).toBe('#000000');
  });

  it('gives every answer a distinct x-request-id', async () => {
    const first = await api.request('GET', '/v1/jobs/roles');
    const second = await api.request('GET', '/v1/jobs/roles', { token: 'nonsense' });
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    expect(second.body.error.request_id).toBe(second.headers.get('x-request-id'));
  });

  it('refuses a request without a credential with 401', async () => {
    const response = await api.request('GET', '/v1/deals/statuses', { token: null });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: 'The Authorization header is missing', request_id: expect.any(String) } });
  });

  it('accepts OAuth tokens of the team', async () => {
    const token = await issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'oauth', scopes: ['deals:read'] });
    expect((await api.request('GET', '/v1/deals/statuses', { token })).status).toBe(200);
  });

  it('refuses an expired session token with 401', async () => {
    const token = await issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'session', ttlSeconds: -10 });
    const response = await api.request('GET', '/v1/deals/statuses', { token });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe('The token has expired');
  });

  it('answers malformed JSON with 400 and a non-JSON body with 415', async () => {
    const malformed = await api.request('POST', '/v1/jobs/roles', { rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_ERROR');
    const text = await api.request('POST', '/v1/jobs/roles', { rawBody: 'name=Recruiter', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const binary = await api.request('POST', '/v1/jobs/roles', { rawBody: Buffer.from([0, 1, 2, 255]), headers: { 'content-type': 'application/octet-stream' } });
    expect(binary.status).toBe(415);
  });

  it('accepts JSON with a charset and a missing body is a validation error, not a crash', async () => {
    const charset = await api.request('POST', '/v1/jobs/roles', { rawBody: JSON.stringify({ name: 'Interviewer' }), headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(charset.status).toBe(201);
    const empty = await api.request('POST', '/v1/jobs/roles', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses a body larger than 1 MiB with 413', async () => {
    const response = await api.request('POST', '/v1/jobs/roles', { body: { name: 'x'.repeat(1024 * 1024 + 10) } });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves the OpenAPI document and the docs page without a credential', async () => {
    const document = await api.request('GET', '/openapi.json', { token: null });
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.1.0');
    const docs = await api.request('GET', '/docs', { token: null });
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(docs.text.toLowerCase()).toContain('<!doctype html>');
  });
});
