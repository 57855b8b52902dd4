import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from '../../../infra/local/seed';
import { issueLocalToken } from '../../../infra/local/tokens';
import { createApiKey } from '../../../shared/domain/api-keys';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const anId = expect.stringMatching(/^[0-9a-f-]{36}$/);

type FeeStatus = { id: string; name: string; color: string; status_type: string };

async function feeStatus(name: string, token = api.teamA.api_key): Promise<FeeStatus> {
  return (await api.request('GET', '/v1/fees/statuses', { token })).body.data.find((status: FeeStatus) => status.name === name);
}

/** A job with a 20 % retainer on an estimated 100,000 in two instalments (projected fee 20,000). */
async function jobWithRetainer(name = 'Head of Sales') {
  const created = await api.request('POST', '/v1/jobs', {
    body: { name, currency_code: 'EUR', retainer: { fee_type: 'percentage', fee_percentage: 20, estimated_compensation: 100000, installment_count: 2 } },
  });
  expect(created.status).toBe(201);
  return created.body.data as { id: string; fees: { retainer: { id: string } } };
}

const feesOf = async (jobId: string, token = api.teamA.session_token) => (await api.request('GET', `/v1/jobs/${jobId}`, { token })).body.data.fees;

describe('POST /v1/jobs/{id}/fee-events', () => {
  it('creates a retainer instalment with every default and its derived share of the projected fee (201)', async () => {
    const job = await jobWithRetainer();
    const pending = await feeStatus('Pending');
    const created = await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { body: { type: 'retainer', label: 'Retainer 1 of 2', sequence: 1 } });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: anId,
      type: 'retainer',
      label: 'Retainer 1 of 2',
      amount: 10000,
      total_fee: 20000,
      currency_code: 'EUR',
      fee_type: 'percentage',
      fee_percentage: null,
      compensation: null,
      firm_commission_percent: null,
      is_placeholder: false,
      sequence: 1,
      start_date: null,
      expected_date: null,
      actual_payment_date: null,
      candidate_id: null,
      offer_id: null,
      retainer_id: job.fees.retainer.id,
      fee_status_id: pending.id,
      fee_status_name: 'Pending',
      fee_status_color: '#D97706',
      fee_status_type: 'pending',
    });
  });

  it('derives total_fee, amount and total_placement_fee, the same in the POST answers and in GET /v1/jobs/{id}', async () => {
    const job = await jobWithRetainer('Finance Director');
    const invoiced = await feeStatus('Invoiced');
    const post = async (body: Record<string, unknown>) => {
      const response = await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { body });
      expect(response.status).toBe(201);
      return response.body.data;
    };
    const retainer = await post({ type: 'retainer', label: 'Retainer 1 of 2', sequence: 1 });
    const placement = await post({
      type: 'placement',
      label: 'Placement fee',
      sequence: 2,
      compensation: 150000,
      fee_percentage: 25,
      firm_commission_percent: 10,
      candidate_id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      offer_id: '4f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      start_date: '2027-01-04',
      expected_date: '2027-02-01',
      actual_payment_date: null,
      currency_code: 'GBP',
      fee_status_id: invoiced.id,
    });
    const placeholder = await post({ type: 'placement', label: 'Second hire (expected)', sequence: 3, compensation: 100000, fee_percentage: 20, is_placeholder: true });
    const overridden = await post({ type: 'placement', label: 'Agreed discount', sequence: 4, compensation: 10000, fee_percentage: 10, amount: 5000 });
    const flat = await post({ type: 'placement', label: 'Flat fee', sequence: 5, fee_type: 'flat', amount: 2500 });

    expect(retainer).toMatchObject({ total_fee: 20000, amount: 10000 });
    expect(placement).toMatchObject({
      total_fee: 37500,
      amount: 37500,
      currency_code: 'GBP',
      firm_commission_percent: 10,
      start_date: '2027-01-04',
      expected_date: '2027-02-01',
      candidate_id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      retainer_id: null,
      fee_status_id: invoiced.id,
      fee_status_name: 'Invoiced',
      fee_status_color: '#2563EB',
      fee_status_type: 'invoiced',
    });
    expect(placeholder).toMatchObject({ total_fee: 20000, amount: 20000, is_placeholder: true });
    expect(overridden).toMatchObject({ total_fee: 1000, amount: 5000 });
    expect(flat).toMatchObject({ fee_type: 'flat', total_fee: 2500, amount: 2500 });

    const fees = await feesOf(job.id);
    expect(fees.retainer).toMatchObject({ id: job.fees.retainer.id, fee_percentage: 20, estimated_compensation: 100000, installment_count: 2, projected_fee: 20000 });
    expect(fees.fee_events).toEqual([retainer, placement, placeholder, overridden, flat]);
    // Placements that are not placeholders: 37,500 + 5,000 + 2,500; the retainer and the placeholder are left out.
    expect(fees.total_placement_fee).toBe(45000);
  });

  it('shows a fee status of the team with its name, colour and type', async () => {
    const job = await jobWithRetainer('Controller');
    const disputed = (await api.request('POST', '/v1/fees/statuses', { body: { name: 'Disputed', color: '#B91C1C', status_type: 'invoiced' } })).body.data;
    const created = await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { body: { type: 'placement', label: 'Fee', fee_status_id: disputed.id } });
    expect(created.body.data).toMatchObject({ fee_status_id: disputed.id, fee_status_name: 'Disputed', fee_status_color: '#B91C1C', fee_status_type: 'invoiced' });
    expect((await feesOf(job.id)).fee_events[0]).toMatchObject({ fee_status_name: 'Disputed', fee_status_color: '#B91C1C', fee_status_type: 'invoiced' });
  });

  it('refuses derived fields, missing or invalid fields with 400 naming each', async () => {
    const job = await jobWithRetainer('Treasurer');
    const post = (body: unknown) => api.request('POST', `/v1/jobs/${job.id}/fee-events`, { body });
    const paths = async (body: unknown) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      return response.body.error.details.map((detail: { path: string }) => detail.path).sort();
    };
    expect(await paths({ type: 'placement', label: 'Fee', total_fee: 100 })).toEqual(['body.total_fee']);
    expect(await paths({ type: 'retainer', label: 'Fee', projected_fee: 100 })).toEqual(['body.projected_fee']);
    expect(await paths({ type: 'placement', label: 'Fee', total_placement_fee: 100 })).toEqual(['body.total_placement_fee']);
    expect(await paths({})).toEqual(['body.label', 'body.type']);
    expect(await paths({ type: 'bonus', label: '' })).toEqual(['body.label', 'body.type']);
    expect(
      await paths({ type: 'placement', label: 'Fee', fee_percentage: 101, firm_commission_percent: -1, sequence: 1.5, compensation: -5, start_date: '2027-13-01', expected_date: '01/02/2027', fee_type: 'hourly', currency_code: 'eur', candidate_id: 'nope' }),
    ).toEqual(['body.candidate_id', 'body.compensation', 'body.currency_code', 'body.expected_date', 'body.fee_percentage', 'body.fee_type', 'body.firm_commission_percent', 'body.sequence', 'body.start_date']);
    expect(await paths({ type: 'placement', label: 'Fee', sequence: -1 })).toEqual(['body.sequence']);
    expect((await feesOf(job.id)).fee_events).toEqual([]);
  });

  it("refuses another team's fee status and a retainer that is not the job's with 400", async () => {
    const job = await jobWithRetainer('Auditor');
    const theirs = await feeStatus('Paid', api.teamB.api_key);
    const response = await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { body: { type: 'retainer', label: 'Fee', fee_status_id: theirs.id, retainer_id: '5f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f' } });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([
      { path: 'body.retainer_id', message: "Not this job's retainer" },
      { path: 'body.fee_status_id', message: 'Not a fee status of this team' },
    ]);
    const noRetainer = (await api.request('POST', '/v1/jobs', { body: { name: 'No retainer' } })).body.data;
    const refused = await api.request('POST', `/v1/jobs/${noRetainer.id}/fee-events`, { body: { type: 'retainer', label: 'Fee', retainer_id: job.fees.retainer.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ path: 'body.retainer_id', message: 'This job has no retainer' }]);
    const deleted = (await api.request('POST', '/v1/fees/statuses', { body: { name: 'Written off', status_type: 'paid' } })).body.data;
    expect((await api.request('DELETE', `/v1/fees/statuses/${deleted.id}`)).status).toBe(200);
    expect((await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { body: { type: 'placement', label: 'Fee', fee_status_id: deleted.id } })).status).toBe(400);
  });

  it("defaults to the team's first pending fee status, and refuses to guess when it has none", async () => {
    const team = await seedTeam('Fee Status Agency', { email: 'fees@example.com', first_name: 'Fay', last_name: 'Fees' });
    const job = (await api.request('POST', '/v1/jobs', { token: team.api_key, body: { name: 'Analyst' } })).body.data;
    const pending = await feeStatus('Pending', team.api_key);
    expect((await api.request('DELETE', `/v1/fees/statuses/${pending.id}`, { token: team.api_key })).status).toBe(200);
    const refused = await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { token: team.api_key, body: { type: 'placement', label: 'Fee' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ path: 'body.fee_status_id', message: expect.stringContaining('no fee status of type pending') }]);
    await api.request('POST', '/v1/fees/statuses', { token: team.api_key, body: { name: 'Awaiting', status_type: 'pending' } });
    await api.request('POST', '/v1/fees/statuses', { token: team.api_key, body: { name: 'Awaiting approval', status_type: 'pending' } });
    const created = await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { token: team.api_key, body: { type: 'placement', label: 'Fee' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ fee_status_name: 'Awaiting', fee_status_type: 'pending', currency_code: 'USD', retainer_id: null, total_fee: null, amount: null });
  });

  it("answers 404 for an unknown job and another team's job", async () => {
    const theirJob = (await api.request('POST', '/v1/jobs', { token: api.teamB.api_key, body: { name: 'Their job' } })).body.data;
    const theirs = await api.request('POST', `/v1/jobs/${theirJob.id}/fee-events`, { body: { type: 'placement', label: 'Fee' } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('NOT_FOUND');
    expect((await api.request('POST', '/v1/jobs/6f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f/fee-events', { body: { type: 'placement', label: 'Fee' } })).status).toBe(404);
    expect((await feesOf(theirJob.id, api.teamB.session_token)).fee_events).toEqual([]);
  });
});

describe('PATCH /v1/jobs/{id}/fee-events/{fee_event_id}', () => {
  it('changes compensation and the derived amounts follow, in the answer and in GET /v1/jobs/{id}', async () => {
    const job = await jobWithRetainer('Sales Lead');
    const paid = await feeStatus('Paid');
    const event = (await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { body: { type: 'placement', label: 'Placement', compensation: 100000, fee_percentage: 20 } })).body.data;
    expect(event).toMatchObject({ total_fee: 20000, amount: 20000 });
    expect((await feesOf(job.id)).total_placement_fee).toBe(20000);

    const updated = await api.request('PATCH', `/v1/jobs/${job.id}/fee-events/${event.id}`, { body: { compensation: 120000, actual_payment_date: '2027-03-01', fee_status_id: paid.id } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({
      ...event,
      compensation: 120000,
      total_fee: 24000,
      amount: 24000,
      actual_payment_date: '2027-03-01',
      fee_status_id: paid.id,
      fee_status_name: 'Paid',
      fee_status_color: '#16A34A',
      fee_status_type: 'paid',
    });
    let fees = await feesOf(job.id);
    expect(fees.fee_events).toEqual([updated.body.data]);
    expect(fees.total_placement_fee).toBe(24000);

    const overridden = await api.request('PATCH', `/v1/jobs/${job.id}/fee-events/${event.id}`, { body: { amount: 1000 } });
    expect(overridden.body.data).toMatchObject({ total_fee: 24000, amount: 1000 });
    const placeholder = await api.request('PATCH', `/v1/jobs/${job.id}/fee-events/${event.id}`, { body: { amount: null, is_placeholder: true } });
    expect(placeholder.body.data).toMatchObject({ total_fee: 24000, amount: 24000, is_placeholder: true });
    fees = await feesOf(job.id);
    expect(fees.total_placement_fee).toBe(0);
  });

  it('refuses derived fields, invalid values and a foreign fee status with 400, leaving the event unchanged', async () => {
    const job = await jobWithRetainer('Buyer');
    const event = (await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { body: { type: 'retainer', label: 'Retainer' } })).body.data;
    const patch = (body: unknown) => api.request('PATCH', `/v1/jobs/${job.id}/fee-events/${event.id}`, { body });
    const derived = await patch({ total_fee: 1, projected_fee: 2 });
    expect(derived.status).toBe(400);
    expect(derived.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['body.projected_fee', 'body.total_fee']);
    const theirs = await feeStatus('Invoiced', api.teamB.api_key);
    const foreign = await patch({ fee_status_id: theirs.id, label: 'Renamed' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([{ path: 'body.fee_status_id', message: 'Not a fee status of this team' }]);
    expect((await patch({ label: null })).status).toBe(400);
    expect((await patch({ fee_percentage: 100.5 })).status).toBe(400);
    expect((await feesOf(job.id)).fee_events).toEqual([event]);
  });

  it("answers 404 for an unknown event, another job's event and another team's job", async () => {
    const job = await jobWithRetainer('Planner');
    const other = await jobWithRetainer('Other planner');
    const event = (await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { body: { type: 'placement', label: 'Fee' } })).body.data;
    expect((await api.request('PATCH', `/v1/jobs/${other.id}/fee-events/${event.id}`, { body: { label: 'x' } })).status).toBe(404);
    expect((await api.request('PATCH', `/v1/jobs/${job.id}/fee-events/7f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f`, { body: { label: 'x' } })).status).toBe(404);
    const theirs = await api.request('PATCH', `/v1/jobs/${job.id}/fee-events/${event.id}`, { token: api.teamB.api_key, body: { label: 'x' } });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('NOT_FOUND');
    expect((await api.request('PATCH', `/v1/jobs/${job.id}/fee-events/not-a-uuid`, { body: { label: 'x' } })).status).toBe(400);
    expect((await feesOf(job.id)).fee_events[0].label).toBe('Fee');
  });
});

describe('Scope compensation:read', () => {
  it('refuses fee event writes without it (403 INSUFFICIENT_SCOPE) and omits fees from the job', async () => {
    const job = await jobWithRetainer('Scoped role');
    const event = (await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { body: { type: 'placement', label: 'Fee' } })).body.data;
    const { apiKey } = await createApiKey(api.teamA.team_id, 'No compensation', ['deals:read', 'deals:write']);

    const create = await api.request('POST', `/v1/jobs/${job.id}/fee-events`, { token: apiKey, body: { type: 'placement', label: 'Fee' } });
    expect(create.status).toBe(403);
    expect(create.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', message: expect.stringContaining('compensation:read') });
    const update = await api.request('PATCH', `/v1/jobs/${job.id}/fee-events/${event.id}`, { token: apiKey, body: { label: 'Renamed' } });
    expect(update.status).toBe(403);
    expect(update.body.error.code).toBe('INSUFFICIENT_SCOPE');

    const withoutScope = await api.request('GET', `/v1/jobs/${job.id}`, { token: apiKey });
    expect(withoutScope.status).toBe(200);
    expect(Object.keys(withoutScope.body.data)).not.toContain('fees');
    const oauth = await issueLocalToken({ teamId: api.teamA.team_id, teamMemberId: api.teamA.team_member_id, kind: 'oauth', scopes: ['deals:read'] });
    expect(Object.keys((await api.request('GET', `/v1/jobs/${job.id}`, { token: oauth })).body.data)).not.toContain('fees');

    const session = await api.request('GET', `/v1/jobs/${job.id}`, { token: api.teamA.session_token });
    expect(session.body.data.fees.fee_events).toEqual([event]);
    const scoped = await createApiKey(api.teamA.team_id, 'Compensation', ['compensation:read']);
    expect((await api.request('PATCH', `/v1/jobs/${job.id}/fee-events/${event.id}`, { token: scoped.apiKey, body: { label: 'Renamed' } })).body.data.label).toBe('Renamed');
  });
});

describe('Fee events in the OpenAPI document', () => {
  it('documents the required scope and that derived fields are not accepted', async () => {
    const document = (await api.request('GET', '/openapi.json', { token: null })).body;
    const create = document.paths['/v1/jobs/{id}/fee-events'].post;
    expect(create['x-required-scopes']).toEqual(['compensation:read']);
    expect(create.requestBody.content['application/json'].schema).toMatchObject({ additionalProperties: false, required: ['type', 'label'] });
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).not.toContain('total_fee');
    expect(document.paths['/v1/jobs/{id}/fee-events/{fee_event_id}'].patch['x-required-scopes']).toEqual(['compensation:read']);
  });
});
