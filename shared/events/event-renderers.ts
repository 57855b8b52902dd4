import type { Stored } from '../db/repository';
import { renderClientContacts } from '../domain/client-contacts/client-contact-record';
import type { StoredClientContact } from '../domain/client-contacts/client-contact-store';
import { renderCompanies } from '../domain/companies/company-record';
import type { StoredCompany } from '../domain/companies/company-store';
import { renderDeals } from '../domain/deals/deal-record';
import type { StoredDeal } from '../domain/deals/deal-store';
import { renderJobs } from '../domain/jobs/job-record';
import type { StoredJob } from '../domain/jobs/job-store';
import { renderPerson } from '../domain/persons/person-record';
import type { StoredPerson } from '../domain/persons/person-store';
import { renderTasks } from '../domain/tasks/task-record';
import type { StoredTask } from '../domain/tasks/task-store';
import type { EventSubject, StoredEvent } from './event-outbox';

type Renderer = (teamId: string, snapshot: Record<string, unknown>) => Promise<object>;

/**
 * How the dispatcher turns an event's stored snapshot into its `data`: with the same renderers the
 * API answers with, so a webhook carries the record exactly as `GET` would show it at that version
 * (names of referenced statuses and members as they are when the event is dispatched). Job events
 * carry the job without `linked_deals` and `fees`, which change through their own events.
 */
const renderers: Record<EventSubject, Renderer> = {
  person: (teamId, snapshot) => renderPerson(teamId, snapshot as unknown as Stored<StoredPerson>),
  company: async (teamId, snapshot) => (await renderCompanies(teamId, [snapshot as unknown as Stored<StoredCompany>], { customFields: true }))[0] as object,
  client_contact: async (teamId, snapshot) => (await renderClientContacts(teamId, [snapshot as unknown as StoredClientContact]))[0] as object,
  deal: async (teamId, snapshot) => (await renderDeals(teamId, [snapshot as unknown as StoredDeal]))[0] as object,
  job: async (teamId, snapshot) => (await renderJobs(teamId, [{ job: snapshot as unknown as Stored<StoredJob> }], { linkedDeals: false, fees: false, customFields: true }))[0] as object,
  task: async (teamId, snapshot) => (await renderTasks(teamId, [snapshot as unknown as StoredTask]))[0] as object,
  plain: async (_teamId, snapshot) => snapshot,
};

/** The body every endpoint receives for `event` (Standard Webhooks' `{type, timestamp, data}`). */
export async function renderEventPayload(teamId: string, event: Pick<StoredEvent, 'type' | 'timestamp' | 'subject' | 'snapshot' | 'extra'>): Promise<string> {
  const data = { ...(await renderers[event.subject](teamId, event.snapshot)), ...event.extra };
  return JSON.stringify({ type: event.type, timestamp: event.timestamp, data });
}
