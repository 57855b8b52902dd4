/**
 * Every event the service emits, one per kind of change made through the API. A change that has a
 * specific meaning emits its specific event beside the general one (a deal whose status changes
 * emits `deal.updated` and `deal.status_changed`), so an endpoint subscribed to either hears of it.
 * Each event's `data` is the changed record as the API answers it (see `event-renderers.ts`).
 */
export const eventTypes = {
  'person.created': 'A person was created (POST /v0/persons)',
  'person.updated': 'A person was changed',
  'person_activity.created': 'An activity was logged on a person (also the initial notes of a new person)',
  'person_document.created': 'A document was added to a person',
  'person_document.deleted': 'A document of a person was deleted',
  'candidate.created': 'A person became a candidate of a job',
  'candidate.stage_changed': 'A candidate moved to another pipeline stage (data carries previous_stage_id)',
  'job.created': 'A job was created',
  'job.updated': 'A job was changed',
  'job.status_changed': 'A job changed status (data carries previous_job_status_id)',
  'job.target_companies_added': 'Companies were added to a job\'s target list',
  'job.target_companies_removed': 'Companies were removed from a job\'s target list',
  'fee_event.created': 'A fee event was added to a job',
  'fee_event.updated': 'A fee event of a job was changed',
  'company.created': 'A company was created',
  'company.updated': 'A company was changed',
  'company.deleted': 'A company was deleted',
  'company_activity.created': 'An activity was logged on a company',
  'client_contact.created': 'A person was linked to a client company as a contact (also by POST /v0/persons)',
  'client_contact.updated': 'A client contact\'s status or owners changed',
  'client_contact.status_changed': 'A client contact changed status (data carries previous_client_contact_status_id)',
  'client_contact.deleted': 'A client contact was deleted',
  'deal.created': 'A deal was created',
  'deal.updated': 'A deal was changed',
  'deal.status_changed': 'A deal changed status (data carries previous_deal_status_id)',
  'list.created': 'A saved list was created',
  'list.items_added': 'Persons or companies were added to a saved list',
  'list.items_removed': 'Persons or companies were removed from a saved list',
  'task.created': 'A task was created',
  'task.updated': 'A task was changed',
  'task.completed': 'A task was marked completed',
  'task.deleted': 'A task was deleted',
  'campaign.created': 'A campaign was created',
  'campaign.members_added': 'Persons joined a campaign',
  'campaign.members_left': 'Persons left a campaign',
  'automation.created': 'An automation was created',
  'automation.updated': 'An automation was changed',
  'configuration.created': 'A configuration record was created (a status, role, activity type or custom field; data.list names which)',
  'configuration.updated': 'A configuration record was changed',
  'configuration.deleted': 'A configuration record was deleted',
  'webhook.test': 'A test event sent from the webhook portal to one endpoint',
} as const;

export type EventType = keyof typeof eventTypes;

export const isEventType = (type: string): type is EventType => Object.hasOwn(eventTypes, type);
