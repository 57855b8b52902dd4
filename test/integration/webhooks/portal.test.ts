import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../../infra/local/tokens';
import { seedTeam } from '../../../infra/local/seed';
import type { SeededTeam } from '../../../infra/local/seed';
import { documentClient, tableName } from '../../../shared/db/client';
import { createApiKey } from '../../../shared/domain/api-keys';
import { updateTeam } from '../../../shared/domain/teams';
import { findEvent } from '../../../shared/events/event-store';
import { forTeam } from '../../../shared/db/repository';
import { endpointKey } from '../../../shared/webhooks/webhook-store';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

/** A receiver on this machine that answers `status` (200 unless told) and records what it got. */
interface Receiver {
  url: string;
  received: { headers: Record<string, string | string[] | undefined>; body: string }[];
  status: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = { received: [], status: 200 } as unknown as Receiver;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body });
      response.writeHead(receiver.status, { 'content-type': 'text/plain' }).end(receiver.status < 300 ? 'thanks' : 'receiver broke');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

/** Polls `read` until `done` holds (the delivery pipeline works in the background). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

let api: TestApi;
let receiver: Receiver;
beforeAll(async () => {
  api = await startTestApi({ WEBHOOK_RETRY_DELAYS_SECONDS: '0,0.1' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await api.close();
});

/** Asks for a magic link with `token` (team A's key by default) and answers the link's token. */
async function magicToken(token?: string): Promise<string> {
  const response = await api.request('GET', '/v1/webhooks/portal', token === undefined ? {} : { token });
  expect(response.status).toBe(200);
  return new URL(response.body.data.url).hash.replace(/^#token=/, '');
}

/** Opens a portal session for a team (team A unless another key is given). */
async function portalSession(apiKey?: string): Promise<string> {
  const response = await api.request('POST', '/portal/api/session', { token: null, body: { token: await magicToken(apiKey) } });
  expect(response.status).toBe(201);
  return response.body.data.session_token as string;
}

async function expireItem(pk: string, sk: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({ TableName: tableName(), Key: { PK: pk, SK: sk }, UpdateExpression: 'SET expires_at = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 } }),
  );
}

describe('GET /v1/webhooks/portal', () => {
  it('answers a magic link to the portal page with the token in the fragment', async () => {
    const response = await api.request('GET', '/v1/webhooks/portal');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/portal#token=[A-Za-z0-9_-]{43}$/) } });
    expect(response.body.data.url.startsWith(api.url)).toBe(true);
  });

  it('refuses an API key or OAuth token without webhooks:write with 403 INSUFFICIENT_SCOPE', async () => {
    const { apiKey } = await createApiKey(api.teamA.team_id, 'read only', ['deals:read']);
    const byKey = await api.request('GET', '/v1/webhooks/portal', { token: apiKey });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: expect.stringContaining('lacks the required scope: webhooks:write') });
    const oauth = await issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'oauth', scopes: ['deals:read'] });
    expect((await api.request('GET', '/v1/webhooks/portal', { token: oauth })).body.error.code).toBe('INSUFFICIENT_SCOPE');
    const scoped = await issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'oauth', scopes: ['webhooks:write'] });
    expect((await api.request('GET', '/v1/webhooks/portal', { token: scoped })).status).toBe(200);
    expect((await api.request('GET', '/v1/webhooks/portal', { token: api.teamA.session_token })).status).toBe(200);
  });

  it('refuses with 403 FORBIDDEN naming the plan or the organization setting that is off', async () => {
    const team: SeededTeam = await seedTeam('Plain Agency', { email: 'plain@example.com', first_name: 'Pat', last_name: 'Plain' });
    await updateTeam(team.team_id, { webhooksPlan: false });
    const noPlan = await api.request('GET', '/v1/webhooks/portal', { token: team.api_key });
    expect(noPlan.status).toBe(403);
    expect(noPlan.body.error).toMatchObject({ code: 'FORBIDDEN', message: "Webhooks are not available on the organization's plan" });
    await updateTeam(team.team_id, { webhooksPlan: true, webhooksEnabled: false });
    const settingOff = await api.request('GET', '/v1/webhooks/portal', { token: team.api_key });
    expect(settingOff.status).toBe(403);
    expect(settingOff.body.error).toMatchObject({ code: 'FORBIDDEN', message: "Webhooks are disabled in the organization's settings" });
  });
});

describe('POST /portal/api/session', () => {
  it('exchanges a magic link once for a one-hour session', async () => {
    const token = await magicToken();
    const first = await api.request('POST', '/portal/api/session', { token: null, body: { token } });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ session_token: expect.stringMatching(/^wps_/), expires_at: timestamp, team_name: 'Demo Recruiting' });
    const lifetime = Date.parse(first.body.data.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000);
    const again = await api.request('POST', '/portal/api/session', { token: null, body: { token } });
    expect(again.status).toBe(401);
    expect(again.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('invalid, expired or already used') });
  });

  it('refuses an expired link', async () => {
    const token = await magicToken();
    await expireItem(`PORTAL_LINK#${sha256(token)}`, 'PORTAL_LINK');
    expect((await api.request('POST', '/portal/api/session', { token: null, body: { token } })).status).toBe(401);
  });

  it('refuses a tampered link and an API key given as the token', async () => {
    const token = await magicToken();
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await api.request('POST', '/portal/api/session', { token: null, body: { token: tampered } })).status).toBe(401);
    expect((await api.request('POST', '/portal/api/session', { token: null, body: { token: api.teamA.api_key } })).status).toBe(401);
    // The untouched link still works: a failed try does not spend it.
    expect((await api.request('POST', '/portal/api/session', { token: null, body: { token } })).status).toBe(201);
  });
});

describe('portal API authentication', () => {
  it('accepts only a portal session: API keys, session JWTs and no credential answer 401', async () => {
    const session = await portalSession();
    expect((await api.request('GET', '/portal/api/endpoints', { token: session })).status).toBe(200);
    for (const token of [api.teamA.api_key, api.teamA.session_token, null]) {
      const response = await api.request('GET', '/portal/api/endpoints', { token });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHORIZED');
    }
    expect((await api.request('GET', '/portal/api/endpoints', { token: api.teamA.api_key })).body.error.message).toBe('The portal API accepts only a portal session token, not an API key or JWT');
  });

  it('refuses a portal session on the /v1 API and an expired portal session', async () => {
    const session = await portalSession();
    expect((await api.request('GET', '/v1/webhooks/portal', { token: session })).status).toBe(401);
    await expireItem(`PORTAL_SESSION#${sha256(session)}`, 'PORTAL_SESSION');
    const expired = await api.request('GET', '/portal/api/endpoints', { token: session });
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toContain('expired');
  });

  it('lists the event catalogue', async () => {
    const response = await api.request('GET', '/portal/api/event-types', { token: await portalSession() });
    expect(response.status).toBe(200);
    expect(response.body.data).toContainEqual({ type: 'person.created', description: expect.any(String) });
    expect(response.body.data).toContainEqual({ type: 'webhook.test', description: expect.any(String) });
  });
});

describe('portal endpoints', () => {
  it('creates, lists, edits, disables, re-enables and deletes an endpoint', async () => {
    const token = await portalSession();
    const created = await api.request('POST', '/portal/api/endpoints', { token, body: { url: 'https://hooks.example.com/in', description: 'CRM sync', event_types: ['person.created', 'person.created', 'job.created'] } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: 'https://hooks.example.com/in',
      description: 'CRM sync',
      event_types: ['person.created', 'job.created'],
      disabled: false,
      disabled_reason: null,
      failing_since: null,
      created_at: timestamp,
      updated_at: timestamp,
    });
    const id = created.body.data.id as string;
    expect((await api.request('GET', '/portal/api/endpoints', { token })).body.data).toContainEqual(created.body.data);

    const edited = await api.request('PATCH', `/portal/api/endpoints/${id}`, { token, body: { url: 'http://localhost:9999/x', event_types: [], disabled: true } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ url: 'http://localhost:9999/x', description: 'CRM sync', event_types: [], disabled: true, disabled_reason: 'manual' });

    // An endpoint the pipeline disabled for failing: re-enabling clears the reason and the failure run.
    const table = forTeam(api.teamA.team_id);
    const stored = await table.get(endpointKey(id));
    await table.write([table.update(endpointKey(id), stored!.version, { disabled_reason: 'failing', failing_since: '2025-01-01T00:00:00.000Z' }, { conflictMessage: 'x' })]);
    const enabled = await api.request('PATCH', `/portal/api/endpoints/${id}`, { token, body: { disabled: false } });
    expect(enabled.body.data).toMatchObject({ disabled: false, disabled_reason: null, failing_since: null });

    const deleted = await api.request('DELETE', `/portal/api/endpoints/${id}`, { token });
    expect(deleted.body).toEqual({ success: true, data: { id, deleted: true } });
    expect((await api.request('GET', '/portal/api/endpoints', { token })).body.data.map((endpoint: { id: string }) => endpoint.id)).not.toContain(id);
    expect((await api.request('PATCH', `/portal/api/endpoints/${id}`, { token, body: { description: 'x' } })).status).toBe(404);
  });

  it('refuses non-https URLs (but localhost), unknown event types and unknown fields, naming each', async () => {
    const token = await portalSession();
    const response = await api.request('POST', '/portal/api/endpoints', { token, body: { url: 'http://hooks.example.com/in', event_types: ['person.created', 'person.exploded'] } });
    expect(response.status).toBe(400);
    expect(response.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['body.event_types.1', 'body.url']);
    for (const url of ['ftp://example.com/x', 'not a url', 'https://user:pw@example.com/x']) {
      expect((await api.request('POST', '/portal/api/endpoints', { token, body: { url } })).status).toBe(400);
    }
    expect((await api.request('POST', '/portal/api/endpoints', { token, body: { url: 'https://example.com', secret: 'whsec_x' } })).body.error.details).toEqual([{ path: 'body.secret', message: expect.any(String) }]);
    expect((await api.request('POST', '/portal/api/endpoints', { token, body: { url: 'http://127.0.0.1:8080/hook' } })).status).toBe(201);
  });

  it('reveals the whsec_ secret and rotates it', async () => {
    const token = await portalSession();
    const { id } = (await api.request('POST', '/portal/api/endpoints', { token, body: { url: 'https://example.com/rotate' } })).body.data;
    const before = (await api.request('GET', `/portal/api/endpoints/${id}/secret`, { token })).body.data.secret as string;
    expect(before).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    const rotated = await api.request('POST', `/portal/api/endpoints/${id}/secret/rotate`, { token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(before);
    expect((await api.request('GET', `/portal/api/endpoints/${id}/secret`, { token })).body.data.secret).toBe(rotated.body.data.secret);
  });
});

describe('portal test events and messages', () => {
  it('writes a webhook.test event for that endpoint only, and shows its delivery with attempts', async () => {
    const token = await portalSession();
    const endpoint = (await api.request('POST', '/portal/api/endpoints', { token, body: { url: receiver.url, event_types: ['job.created'] } })).body.data;
    const sent = await api.request('POST', `/portal/api/endpoints/${endpoint.id}/test`, { token });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toEqual({ event_id: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'webhook.test', endpoint_id: endpoint.id });
    const event = await findEvent(api.teamA.team_id, sent.body.data.event_id);
    expect(event).toMatchObject({ type: 'webhook.test', subject: 'plain', endpoint_ids: [endpoint.id], snapshot: { endpoint_id: endpoint.id, message: 'A test event sent from the webhook portal' } });

    const messages = await eventually(
      () => api.request('GET', `/portal/api/endpoints/${endpoint.id}/messages`, { token }),
      (response) => response.body.data?.[0]?.status === 'succeeded',
    );
    expect(messages.body).toEqual({
      success: true,
      data: [{ event_id: sent.body.data.event_id, event_type: 'webhook.test', timestamp, status: 'succeeded', attempt_count: 1, last_status_code: 200, last_attempt_at: timestamp, next_attempt_at: null }],
      meta: { total: 1, offset: 0, limit: 100 },
    });
    const detail = await api.request('GET', `/portal/api/messages/${sent.body.data.event_id}`, { token });
    expect(detail.body.data).toEqual({
      event_id: sent.body.data.event_id,
      event_type: 'webhook.test',
      timestamp,
      payload: { type: 'webhook.test', timestamp, data: { endpoint_id: endpoint.id, message: 'A test event sent from the webhook portal' } },
      deliveries: [
        {
          endpoint_id: endpoint.id,
          status: 'succeeded',
          attempt_count: 1,
          last_status_code: 200,
          next_attempt_at: null,
          attempts: [{ attempt: 1, trigger: 'test', attempted_at: timestamp, status_code: 200, response_excerpt: 'thanks', duration_ms: expect.any(Number), error: null, succeeded: true }],
        },
      ],
    });
    expect(receiver.received.some((request) => request.headers['webhook-id'] === sent.body.data.event_id)).toBe(true);
  });

  it('refuses a test event to a disabled endpoint with 409', async () => {
    const token = await portalSession();
    const endpoint = (await api.request('POST', '/portal/api/endpoints', { token, body: { url: 'https://example.com/off', disabled: true } })).body.data;
    expect(endpoint.disabled_reason).toBe('manual');
    expect((await api.request('POST', `/portal/api/endpoints/${endpoint.id}/test`, { token })).status).toBe(409);
  });

  it('replays one message and every failed message since a time', async () => {
    const token = await portalSession();
    const endpoint = (await api.request('POST', '/portal/api/endpoints', { token, body: { url: receiver.url } })).body.data;
    receiver.status = 500;
    const sent = (await api.request('POST', `/portal/api/endpoints/${endpoint.id}/test`, { token })).body.data;
    const failed = await eventually(
      () => api.request('GET', `/portal/api/endpoints/${endpoint.id}/messages`, { token }),
      (response) => response.body.data?.[0]?.status === 'failed',
    );
    expect(failed.body.data[0]).toMatchObject({ status: 'failed', attempt_count: 2, last_status_code: 500 });
    receiver.status = 200;

    const replayed = await api.request('POST', `/portal/api/endpoints/${endpoint.id}/replay-failed`, { token, body: { since: new Date(Date.now() - 60_000).toISOString() } });
    expect(replayed.body.data).toEqual({ endpoint_id: endpoint.id, since: expect.any(String), replayed: 1 });
    const afterBulk = await eventually(
      () => api.request('GET', `/portal/api/messages/${sent.event_id}`, { token }),
      (response) => response.body.data.deliveries[0].status === 'succeeded',
    );
    expect(afterBulk.body.data.deliveries[0].attempts.map((attempt: { trigger: string; status_code: number }) => [attempt.trigger, attempt.status_code])).toEqual([['test', 500], ['scheduled', 500], ['replay', 200]]);

    const again = await api.request('POST', `/portal/api/messages/${sent.event_id}/replay`, { token, body: { endpoint_id: endpoint.id } });
    expect(again.body.data).toEqual({ event_id: sent.event_id, endpoint_id: endpoint.id, replayed: true });
    const afterOne = await eventually(
      () => api.request('GET', `/portal/api/messages/${sent.event_id}`, { token }),
      (response) => response.body.data.deliveries[0].attempts.length === 4,
    );
    expect(afterOne.body.data.deliveries[0].attempts[3]).toMatchObject({ attempt: 4, trigger: 'replay', status_code: 200, succeeded: true });
  });
});

describe('portal tenancy', () => {
  it("keeps team B's session away from team A's endpoints and messages (404)", async () => {
    const tokenA = await portalSession();
    const tokenB = await portalSession(api.teamB.api_key);
    const endpoint = (await api.request('POST', '/portal/api/endpoints', { token: tokenA, body: { url: 'https://example.com/a-only' } })).body.data;
    const sent = (await api.request('POST', `/portal/api/endpoints/${endpoint.id}/test`, { token: tokenA })).body.data;

    expect((await api.request('GET', '/portal/api/endpoints', { token: tokenB })).body.data.map((item: { id: string }) => item.id)).not.toContain(endpoint.id);
    const attempts = [
      api.request('PATCH', `/portal/api/endpoints/${endpoint.id}`, { token: tokenB, body: { url: 'https://evil.example.com' } }),
      api.request('DELETE', `/portal/api/endpoints/${endpoint.id}`, { token: tokenB }),
      api.request('GET', `/portal/api/endpoints/${endpoint.id}/secret`, { token: tokenB }),
      api.request('POST', `/portal/api/endpoints/${endpoint.id}/secret/rotate`, { token: tokenB }),
      api.request('POST', `/portal/api/endpoints/${endpoint.id}/test`, { token: tokenB }),
      api.request('GET', `/portal/api/endpoints/${endpoint.id}/messages`, { token: tokenB }),
      api.request('POST', `/portal/api/endpoints/${endpoint.id}/replay-failed`, { token: tokenB, body: { since: '2025-01-01' } }),
      api.request('GET', `/portal/api/messages/${sent.event_id}`, { token: tokenB }),
      api.request('POST', `/portal/api/messages/${sent.event_id}/replay`, { token: tokenB, body: { endpoint_id: endpoint.id } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
    const unchanged = (await api.request('GET', '/portal/api/endpoints', { token: tokenA })).body.data.find((item: { id: string }) => item.id === endpoint.id);
    expect(unchanged).toMatchObject({ url: 'https://example.com/a-only' });
  });
});
