import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

describe('GET /v1/automations/trigger-types', () => {
  it('answers the closed set of trigger types with their labels', async () => {
    const response = await api.request('GET', '/v1/automations/trigger-types');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: [
        { value: 'schedule', label: 'Schedule' },
        { value: 'candidate_status_changed', label: 'Candidate status changed' },
        { value: 'job_status_changed', label: 'Job status changed' },
        { value: 'job_created', label: 'Job created' },
        { value: 'deal_status_changed', label: 'Deal status changed' },
      ],
    });
  });

  it('needs a credential', async () => {
    const response = await api.request('GET', '/v1/automations/trigger-types', { token: null });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('GET /v1/automations/run-statuses', () => {
  it('answers the closed set of run statuses, dead_letter labelled "Dead letter"', async () => {
    const response = await api.request('GET', '/v1/automations/run-statuses', { token: api.teamB.session_token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: [
        { value: 'pending', label: 'Pending' },
        { value: 'processing', label: 'Processing' },
        { value: 'waiting', label: 'Waiting' },
        { value: 'completed', label: 'Completed' },
        { value: 'failed', label: 'Failed' },
        { value: 'skipped', label: 'Skipped' },
        { value: 'dead_letter', label: 'Dead letter' },
      ],
    });
  });
});
