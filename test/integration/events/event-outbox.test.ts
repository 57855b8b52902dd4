import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEventPayload } from '../../../shared/events/event-renderers';
import { listEvents } from '../../../shared/events/event-store';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

/** Runs `change` and answers the events it wrote, oldest first. */
async function eventsOf(change: () => Promise<unknown>, teamId = api.teamA.team_id) {
  const before = new Set((await listEvents(teamId, { offset: 0, limit: 100 })).map((event) => event.id));
  await change();
  return (await listEvents(teamId, { offset: 0, limit: 100 })).filter((event) => !before.has(event.id)).reverse();
}

describe('Events: every change writes its events with it', () => {
  it('POST /v0/persons writes one event per effect, and the person event renders as GET /v1/persons/{id} answers', async () => {
    const job = (await api.request('POST', '/v1/jobs', { body: { name: 'Evented Job' } })).body.data;
    const client = (await api.request('POST', '/v1/companies', { body: { name: 'Evented Client' } })).body.data;
    let personId = '';
    const events = await eventsOf(async () => {
      personId = (await api.request('POST', '/v0/persons', { body: { name: 'Eve Vent', work_email: 'eve@example.com', job_id: job.id, client_id: client.id, notes: 'hello' } })).body.data.id;
    });
    expect(events.map((event) => event.type).sort()).toEqual(['candidate.created', 'client_contact.created', 'person.created', 'person_activity.created']);
    const personEvent = events.find((event) => event.type === 'person.created');
    const payload = JSON.parse(await renderEventPayload(api.teamA.team_id, personEvent as never));
    const person = (await api.request('GET', `/v1/persons/${personId}`)).body.data;
    expect(payload).toEqual({ type: 'person.created', timestamp: person.created_at, data: person });
    const contactEvent = events.find((event) => event.type === 'client_contact.created');
    const contact = JSON.parse(await renderEventPayload(api.teamA.team_id, contactEvent as never)).data;
    expect(contact).toEqual((await api.request('GET', `/v1/client-contacts?person_id=${personId}`)).body.data[0]);
  });

  it('writes no event when the change fails', async () => {
    const events = await eventsOf(() => api.request('POST', '/v0/persons', { body: { name: 'Nobody', job_name: 'No such job' } }));
    expect(events).toEqual([]);
  });

  it('a stage move writes candidate.stage_changed with the previous stage', async () => {
    const job = (await api.request('POST', '/v1/jobs', { body: { name: 'Moving Job' } })).body.data;
    const created = (await api.request('POST', '/v0/persons', { body: { name: 'Mo Ving', job_id: job.id } })).body.data;
    const [first, second] = [...job.pipeline_stages].sort((a: { stage_order: number }, b: { stage_order: number }) => a.stage_order - b.stage_order);
    const events = await eventsOf(() => api.request('POST', '/v1/candidates/update-stage', { body: { job_id: job.id, candidate_id: created.candidate_id, stage_id: second.id } }));
    expect(events.map((event) => event.type)).toEqual(['candidate.stage_changed']);
    const payload = JSON.parse(await renderEventPayload(api.teamA.team_id, events[0] as never));
    expect(payload.data).toMatchObject({ id: created.candidate_id, stage_id: second.id, previous_stage_id: first.id });
  });

  it('a status change writes the general and the specific event', async () => {
    const statuses = (await api.request('GET', '/v1/deals/statuses')).body.data;
    const deal = (await api.request('POST', '/v1/deals', { body: { name: 'Evented Deal' } })).body.data;
    const won = statuses.find((status: { name: string }) => status.name === 'Won');
    const events = await eventsOf(() => api.request('PATCH', `/v1/deals/${deal.id}`, { body: { deal_status_id: won.id } }));
    expect(events.map((event) => event.type)).toEqual(['deal.updated', 'deal.status_changed']);
    const payload = JSON.parse(await renderEventPayload(api.teamA.team_id, events[1] as never));
    expect(payload.data).toMatchObject({ id: deal.id, deal_status_id: won.id, previous_deal_status_id: deal.deal_status_id, deal_status: { name: 'Won' } });
    const renamed = await eventsOf(() => api.request('PATCH', `/v1/deals/${deal.id}`, { body: { name: 'Renamed Deal' } }));
    expect(renamed.map((event) => event.type)).toEqual(['deal.updated']);
  });

  it('configuration changes, lists and companies write their events; another team sees none of them', async () => {
    const events = await eventsOf(async () => {
      await api.request('POST', '/v1/jobs/roles', { body: { name: 'Evented role' } });
      const list = (await api.request('POST', '/v1/lists', { body: { name: 'Evented list', list_type: 'companies' } })).body.data;
      const company = (await api.request('POST', '/v1/companies', { body: { name: 'Evented Co' } })).body.data;
      await api.request('POST', `/v1/lists/${list.id}/items`, { body: { company_ids: [company.id], team_member_id: api.teamA.team_member_id } });
      await api.request('DELETE', `/v1/companies/${company.id}`);
    });
    expect(events.map((event) => event.type)).toEqual(['configuration.created', 'list.created', 'company.created', 'list.items_added', 'company.deleted']);
    expect(await listEvents(api.teamB.team_id, { offset: 0, limit: 100 })).toEqual([]);
  });
});

describe('Events: tasks and campaigns', () => {
  it('writes task.created, task.updated with task.completed on completion, and task.deleted; campaign membership writes its events', async () => {
    let taskId = '';
    const created = await eventsOf(async () => {
      taskId = (await api.request('POST', '/v1/tasks', { body: { content_text: 'Call back', task_type: 'call' } })).body.data.id;
    });
    expect(created.map((event) => event.type)).toEqual(['task.created']);
    expect(JSON.parse(await renderEventPayload(api.teamA.team_id, created[0] as never)).data).toEqual((await api.request('POST', '/v1/tasks/search', { body: {} })).body.data.find((task: { id: string }) => task.id === taskId));
    const completed = await eventsOf(() => api.request('PATCH', `/v1/tasks/${taskId}`, { body: { is_completed: true } }));
    expect(completed.map((event) => event.type)).toEqual(['task.updated', 'task.completed']);
    const edited = await eventsOf(() => api.request('PATCH', `/v1/tasks/${taskId}`, { body: { content_text: 'Called back' } }));
    expect(edited.map((event) => event.type)).toEqual(['task.updated']);
    expect((await eventsOf(() => api.request('DELETE', `/v1/tasks/${taskId}`))).map((event) => event.type)).toEqual(['task.deleted']);

    const person = (await api.request('POST', '/v0/persons', { body: { name: 'Campaign Person' } })).body.data.id;
    let campaignId = '';
    const campaign = await eventsOf(async () => {
      campaignId = (await api.request('POST', '/v1/campaigns', { body: { name: 'Evented campaign' } })).body.data.id;
      await api.request('POST', `/v1/campaigns/${campaignId}/members`, { body: { person_ids: [person] } });
      await api.request('DELETE', `/v1/campaigns/${campaignId}/members`, { body: { person_ids: [person] } });
    });
    expect(campaign.map((event) => [event.type, event.snapshot])).toEqual([
      ['campaign.created', expect.objectContaining({ id: campaignId })],
      ['campaign.members_added', { campaign_id: campaignId, added_ids: [person] }],
      ['campaign.members_left', { campaign_id: campaignId, left_ids: [person] }],
    ]);
  });
});
