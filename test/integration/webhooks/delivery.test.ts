import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from '../../../infra/local/seed';
import type { SeededTeam } from '../../../infra/local/seed';
import { forTeam } from '../../../shared/db/repository';
import { newId, nowIso } from '../../../shared/domain/clock';
import { updateTeam } from '../../../shared/domain/teams';
import { listEvents } from '../../../shared/events/event-store';
import { redeliver, redeliverFailedSince } from '../../../shared/webhooks/deliveries';
import { dispatchEvent } from '../../../shared/webhooks/dispatcher';
import { endpointKey, findEndpoint, readEventCollection } from '../../../shared/webhooks/webhook-store';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

/** One request the receiver got. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status, or a status after a pause (beyond the timeout). */
type Answer = number | { status: number; afterMs: number };

let api: TestApi;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** The answers each path gives, in turn; once used up (or unscripted), 200. */
const scripts = new Map<string, Answer[]>();

beforeAll(async () => {
  // Three attempts, 0.2 s and 0.4 s apart; a 1 s timeout.
  api = await startTestApi({ WEBHOOK_RETRY_DELAYS_SECONDS: '0,0.2,0.4', WEBHOOK_TIMEOUT_SECONDS: '1' });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = scripts.get(path)?.shift() ?? 200;
      const [status, afterMs] = typeof answer === 'number' ? [answer, 0] : [answer.status, answer.afterMs];
      setTimeout(() => {
        if (!response.destroyed) response.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status} to ${path}`);
      }, afterMs);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await api?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

/** A team of its own per test (each seeded team has webhooks on), with a client authorised for it. */
async function newTeam(name: string): Promise<SeededTeam> {
  return seedTeam(name, { email: `${newId()}@example.com`, first_name: 'Hook', last_name: 'Owner' });
}

/**
 * Registers an endpoint through the portal API, as a user does: a magic link from
 * `GET /v1/webhooks/portal`, exchanged for a portal session, then `POST /portal/api/endpoints` and
 * the secret from `GET /portal/api/endpoints/{id}/secret`.
 */
async function createEndpoint(team: SeededTeam, fields: { path: string; event_types?: string[] }): Promise<{ id: string; secret: string }> {
  const link = await api.request('GET', '/v1/webhooks/portal', { token: team.api_key });
  expect(link.status).toBe(200);
  const magic = new URL(link.body.data.url).hash.replace('#token=', '');
  const session = (await api.request('POST', '/portal/api/session', { token: null, body: { token: magic } })).body.data.session_token as string;
  const created = await api.request('POST', '/portal/api/endpoints', { token: session, body: { url: `${receiverUrl}${fields.path}`, description: `Receiver ${fields.path}`, event_types: fields.event_types ?? [] } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const secret = await api.request('GET', `/portal/api/endpoints/${created.body.data.id}/secret`, { token: session });
  return { id: created.body.data.id as string, secret: secret.body.data.secret as string };
}

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const requestsTo = (path: string) => received.filter((request) => request.path === path);

/** The requests to `path` once there are `count`, or a timeout. */
const waitForRequests = (path: string, count: number) => waitFor(() => (requestsTo(path).length >= count ? requestsTo(path) : undefined), `${count} requests to ${path}`);

/** The event's collection once its delivery to the endpoint is no longer pending. */
async function settledDelivery(teamId: string, eventId: string) {
  return waitFor(async () => {
    const collection = await readEventCollection(teamId, eventId);
    return collection.deliveries.length && collection.deliveries.every((delivery) => delivery.status !== 'pending') ? collection : undefined;
  }, `the delivery of ${eventId} to settle`);
}

/** Creates a person through the API and answers the id of its `person.created` event. */
async function createPerson(team: SeededTeam, name: string): Promise<{ personId: string; eventId: string }> {
  const created = await api.request('POST', '/v0/persons', { token: team.api_key, body: { name } });
  expect(created.status).toBe(201);
  const events = await listEvents(team.team_id, { offset: 0, limit: 20 });
  const event = events.find((candidate) => candidate.type === 'person.created' && (candidate.snapshot as { id?: string }).id === created.body.data.id);
  if (!event) throw new Error('No person.created event');
  return { personId: created.body.data.id, eventId: event.id };
}

describe('Webhooks: delivery', () => {
  it('delivers a person creation and a candidate stage change signed, verifiable with standardwebhooks; other types stay undelivered', async () => {
    const team = await newTeam('Signed Hooks');
    const endpoint = await createEndpoint(team, { path: '/signed', event_types: ['person.created', 'candidate.stage_changed'] });
    const job = (await api.request('POST', '/v1/jobs', { token: team.api_key, body: { name: 'Hooked Job' } })).body.data;
    const person = (await api.request('POST', '/v0/persons', { token: team.api_key, body: { name: 'Web Hook', job_id: job.id } })).body.data;
    const [, second] = [...job.pipeline_stages].sort((a: { stage_order: number }, b: { stage_order: number }) => a.stage_order - b.stage_order);
    const moved = await api.request('POST', '/v1/candidates/update-stage', { token: team.api_key, body: { job_id: job.id, candidate_id: person.candidate_id, stage_id: second.id } });
    expect(moved.status).toBe(200);

    const requests = await waitForRequests('/signed', 2);
    const webhook = new Webhook(endpoint.secret);
    const payloads = requests.map((request) => {
      expect(request.headers['content-type']).toBe('application/json');
      return webhook.verify(request.body, request.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };
    });
    const byType = Object.fromEntries(payloads.map((payload) => [payload.type, payload]));
    expect(Object.keys(byType).sort()).toEqual(['candidate.stage_changed', 'person.created']);
    expect(byType['person.created']!.data).toEqual((await api.request('GET', `/v1/persons/${person.id}`, { token: team.api_key })).body.data);
    expect(byType['candidate.stage_changed']!.data).toMatchObject({ id: person.candidate_id, stage_id: second.id });
    // A tampered body fails verification.
    expect(() => webhook.verify(requests[0]!.body.replace('"type"', '"typo"'), requests[0]!.headers as Record<string, string>)).toThrow();

    // The webhook-id is the event id; each event's delivery succeeded at the first attempt.
    const events = await listEvents(team.team_id, { offset: 0, limit: 50 });
    for (const request of requests) {
      const event = events.find((candidate) => candidate.id === request.headers['webhook-id']);
      expect(event?.payload).toBe(request.body);
      const { deliveries, attempts } = await settledDelivery(team.team_id, event!.id);
      expect(deliveries).toMatchObject([{ endpoint_id: endpoint.id, status: 'succeeded', attempt_count: 1, last_status_code: 200 }]);
      expect(attempts).toMatchObject([{ attempt: 1, trigger: 'scheduled', status_code: 200, succeeded: true, error: null, response_excerpt: 'answer 200 to /signed' }]);
    }

    // The filter is applied when dispatching: an unsubscribed type gets no delivery, however often dispatched.
    const unsubscribed = events.find((event) => event.type === 'candidate.created')!;
    expect(await dispatchEvent(team.team_id, unsubscribed.id)).toBe(0);
    expect((await readEventCollection(team.team_id, unsubscribed.id)).deliveries).toEqual([]);
    expect(requestsTo('/signed')).toHaveLength(2);
  });

  it('retries a receiver answering 500 twice, then 200: three attempts, all logged, with the same webhook-id', async () => {
    const team = await newTeam('Flaky Hooks');
    const endpoint = await createEndpoint(team, { path: '/flaky' });
    scripts.set('/flaky', [500, 500, 200]);
    const { eventId } = await createPerson(team, 'Flaky Person');

    const { deliveries, attempts } = await settledDelivery(team.team_id, eventId);
    expect(deliveries).toMatchObject([{ status: 'succeeded', attempt_count: 3, last_status_code: 200, next_attempt_at: null }]);
    expect(attempts.sort((a, b) => a.attempt - b.attempt).map(({ attempt, status_code, succeeded, trigger }) => ({ attempt, status_code, succeeded, trigger }))).toEqual([
      { attempt: 1, status_code: 500, succeeded: false, trigger: 'scheduled' },
      { attempt: 2, status_code: 500, succeeded: false, trigger: 'scheduled' },
      { attempt: 3, status_code: 200, succeeded: true, trigger: 'scheduled' },
    ]);
    for (const attempt of attempts) {
      expect(attempt.response_excerpt).toBe(`answer ${attempt.status_code} to /flaky`);
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(attempt.attempted_at)).not.toBeNaN();
    }
    // The retries waited (0.2 s, then 0.4 s).
    const times = attempts.map((attempt) => Date.parse(attempt.attempted_at)).sort();
    expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(550);
    const requests = requestsTo('/flaky');
    expect(requests.map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId, eventId]);
    // The endpoint failed, then recovered: failing_since is clear again.
    await waitFor(async () => ((await findEndpoint(team.team_id, endpoint.id))?.failing_since === null ? true : undefined), 'failing_since to clear');
  });

  it('redeliver resends with a new replay attempt and the same webhook-id', async () => {
    const team = await newTeam('Replayed Hooks');
    const endpoint = await createEndpoint(team, { path: '/replay' });
    const { eventId } = await createPerson(team, 'Replayed Person');
    await settledDelivery(team.team_id, eventId);

    await redeliver(team.team_id, eventId, endpoint.id);
    const requests = await waitForRequests('/replay', 2);
    expect(requests[1]!.headers['webhook-id']).toBe(eventId);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    expect(() => new Webhook(endpoint.secret).verify(requests[1]!.body, requests[1]!.headers as Record<string, string>)).not.toThrow();
    const { deliveries, attempts } = await waitFor(async () => {
      const collection = await readEventCollection(team.team_id, eventId);
      return collection.attempts.length === 2 ? collection : undefined;
    }, 'the replay attempt');
    expect(attempts.map(({ attempt, trigger }) => ({ attempt, trigger })).sort((a, b) => a.attempt - b.attempt)).toEqual([
      { attempt: 1, trigger: 'scheduled' },
      { attempt: 2, trigger: 'replay' },
    ]);
    expect(deliveries).toMatchObject([{ status: 'succeeded', attempt_count: 2 }]);
    await expect(redeliver(team.team_id, eventId, newId())).rejects.toMatchObject({ statusCode: 404 });
    await expect(redeliver(api.teamB.team_id, eventId, endpoint.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('keeps a message failed after its last attempt, and redeliverFailedSince sends the failed ones again', async () => {
    const team = await newTeam('Failing Hooks');
    const endpoint = await createEndpoint(team, { path: '/down' });
    scripts.set('/down', [503, 503, 503]);
    const before = nowIso();
    const { eventId } = await createPerson(team, 'Failed Person');
    const { deliveries, attempts } = await settledDelivery(team.team_id, eventId);
    expect(deliveries).toMatchObject([{ status: 'failed', attempt_count: 3, last_status_code: 503, next_attempt_at: null }]);
    expect(attempts).toHaveLength(3);
    expect((await findEndpoint(team.team_id, endpoint.id))?.failing_since).toEqual(expect.any(String));

    expect(await redeliverFailedSince(team.team_id, endpoint.id, new Date(Date.now() + 60_000).toISOString())).toBe(0);
    expect(await redeliverFailedSince(team.team_id, endpoint.id, before)).toBe(1);
    const replayed = await settledDelivery(team.team_id, eventId);
    expect(replayed.deliveries).toMatchObject([{ status: 'succeeded', attempt_count: 4, last_status_code: 200 }]);
    // Out of the failed index: nothing left to replay.
    expect(await redeliverFailedSince(team.team_id, endpoint.id, before)).toBe(0);
  });

  it('counts a timeout as a failed attempt and retries it', async () => {
    const team = await newTeam('Slow Hooks');
    await createEndpoint(team, { path: '/slow' });
    scripts.set('/slow', [{ status: 200, afterMs: 1500 }]);
    const { eventId } = await createPerson(team, 'Slow Person');
    const { deliveries, attempts } = await settledDelivery(team.team_id, eventId);
    expect(deliveries).toMatchObject([{ status: 'succeeded', attempt_count: 2 }]);
    const [first, second] = attempts.sort((a, b) => a.attempt - b.attempt);
    expect(first).toMatchObject({ attempt: 1, status_code: null, error: 'timeout', succeeded: false, response_excerpt: '' });
    expect(first!.duration_ms).toBeGreaterThanOrEqual(900);
    expect(second).toMatchObject({ attempt: 2, status_code: 200, succeeded: true });
  });

  it('disables an endpoint that has failed for days, and sends it nothing more', async () => {
    const team = await newTeam('Dead Hooks');
    const endpoint = await createEndpoint(team, { path: '/dead' });
    const table = forTeam(team.team_id);
    await table.write([table.update(endpointKey(endpoint.id), 'live', { failing_since: new Date(Date.now() - 6 * 86_400_000).toISOString() }, { conflictMessage: 'gone' })]);
    scripts.set('/dead', [500, 500, 500]);
    const { eventId } = await createPerson(team, 'Dead Person');
    const { deliveries, attempts } = await settledDelivery(team.team_id, eventId);
    expect(attempts).toHaveLength(1);
    expect(deliveries).toMatchObject([{ status: 'failed', attempt_count: 1 }]);
    const disabled = await waitFor(async () => {
      const current = await findEndpoint(team.team_id, endpoint.id);
      return current?.disabled ? current : undefined;
    }, 'the endpoint to be disabled');
    expect(disabled).toMatchObject({ disabled: true, disabled_reason: 'failing' });

    // A disabled endpoint gets no new deliveries, and a replay to it ends failed without a POST.
    const next = await createPerson(team, 'Unsent Person');
    expect(await dispatchEvent(team.team_id, next.eventId)).toBe(0);
    await redeliver(team.team_id, eventId, endpoint.id);
    const replayed = await settledDelivery(team.team_id, eventId);
    expect(replayed.deliveries).toMatchObject([{ status: 'failed', attempt_count: 1 }]);
    expect(requestsTo('/dead')).toHaveLength(1);
  });

  it('sends nothing for a team whose webhooks are off, and dispatching twice starts one delivery', async () => {
    const team = await newTeam('Quiet Hooks');
    await createEndpoint(team, { path: '/quiet' });
    await updateTeam(team.team_id, { webhooksEnabled: false });
    const { eventId } = await createPerson(team, 'Quiet Person');
    expect(await dispatchEvent(team.team_id, eventId)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readEventCollection(team.team_id, eventId)).deliveries).toEqual([]);
    expect(requestsTo('/quiet')).toEqual([]);

    await updateTeam(team.team_id, { webhooksEnabled: true });
    expect(await dispatchEvent(team.team_id, eventId)).toBe(1);
    await settledDelivery(team.team_id, eventId);
    expect(await dispatchEvent(team.team_id, eventId)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsTo('/quiet')).toHaveLength(1);
    expect((await readEventCollection(team.team_id, eventId)).attempts).toHaveLength(1);
  });
});
