import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table, declared once: CDK, the local server, the admin command and the tests all build
 * it from this object, so the key schema cannot drift between environments.
 *
 * Items carry generic key attributes (`PK`, `SK`, `GSI1PK`, `GSI1SK`); each entity module in
 * `shared/domain` owns the key builders that fill them. Every team-owned key starts with
 * `TEAM#<teamId>#`, and only `shared/db/repository.ts` writes that prefix (see `forTeam`).
 */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /**
   * Epoch seconds after which DynamoDB's TTL deletes an item (events and their webhook deliveries
   * and attempts, see `shared/events/event-outbox.ts`). Enabled by the CDK table; the local engine
   * has no TTL, so items there simply stay.
   */
  timeToLiveAttribute: 'expires_at',
  /**
   * Overloaded secondary indexes: each record type gives each index its own meaning (see
   * `accessPatterns`). Partition keys are always team-prefixed; sort keys are a creation ULID or
   * `<timestamp>#<id>`, so every listing is a `Query` in the order the API answers.
   */
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
    { name: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK' },
    { name: 'GSI5', partitionKey: 'GSI5PK', sortKey: 'GSI5SK' },
    { name: 'GSI6', partitionKey: 'GSI6PK', sortKey: 'GSI6SK' },
    { name: 'GSI7', partitionKey: 'GSI7PK', sortKey: 'GSI7SK' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.indexes)[number]['name'];

/** One row of the access-pattern table: what is read, where, how, and which endpoints need it. */
export interface AccessPattern {
  pattern: string;
  index: 'table' | IndexName;
  keyCondition: string;
  operation: 'GetItem' | 'Query' | 'BatchGetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'TransactWriteItems';
  endpoints: string[];
}

/**
 * Every way the service reads or writes the table. A pattern that is not here is not allowed:
 * there is no `Scan` on any request path. (`<t>` is the team id.)
 */
export const accessPatterns: AccessPattern[] = [
  { pattern: 'Find an API key by its key id', index: 'table', keyCondition: 'PK = API_KEY#<keyId>, SK = API_KEY', operation: 'GetItem', endpoints: ['every authenticated endpoint (cached a few seconds)'] },
  { pattern: 'Get a team (plan, settings)', index: 'table', keyCondition: 'PK = TEAM#<t>, SK = TEAM', operation: 'GetItem', endpoints: ['GET /v1/webhooks/portal', 'POST /portal/api/session', 'webhook dispatcher', 'admin'] },
  { pattern: 'Get a team member', index: 'table', keyCondition: 'PK = TEAM#<t>#TEAM_MEMBER#<id>, SK = TEAM_MEMBER', operation: 'GetItem', endpoints: ['attribution of changes'] },
  { pattern: 'List team members in creation order, paged', index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#TEAM_MEMBER (ULID sort key)', operation: 'Query', endpoints: ['GET /v1/team-members'] },
  { pattern: 'List one configuration list (statuses, roles, activity types, pipeline template)', index: 'table', keyCondition: 'PK = TEAM#<t>#<LIST>, SK begins_with ID#', operation: 'Query', endpoints: ['GET /v1/deals/statuses', 'GET /v1/jobs/statuses', 'GET /v1/person-activities/types', '…and the other configuration lists', 'POST, PATCH /v1/automations (job/deal status triggers)'] },
  { pattern: 'Get one configuration record by id or key', index: 'table', keyCondition: 'PK = TEAM#<t>#<LIST>, SK = ID#<id>', operation: 'GetItem', endpoints: ['PATCH/DELETE on a configuration record'] },
  { pattern: 'Keep configuration names unique', index: 'table', keyCondition: 'PK = TEAM#<t>#<LIST>, SK = NAME#<lower-case name> (guard item)', operation: 'TransactWriteItems', endpoints: ['POST/PATCH on statuses and roles'] },
  { pattern: 'List the custom field definitions of a scope (persons, companies, jobs)', index: 'table', keyCondition: 'PK = TEAM#<t>#CUSTOM_FIELD#<scope>, SK begins_with ID#', operation: 'Query', endpoints: ['GET /v1/custom-fields/<scope>', 'custom field values on writes and reads'] },
  { pattern: 'Get a company / a person / a client contact', index: 'table', keyCondition: 'PK = TEAM#<t>#<TYPE>#<id>, SK = <TYPE>', operation: 'GetItem', endpoints: ['GET, PATCH, DELETE /v1/companies/{id}', 'GET, PATCH /v1/persons/{id}', 'PATCH, DELETE /v1/client-contacts/{id}', 'POST, PATCH /v1/automations (job_created trigger)'] },
  { pattern: 'The persons, companies and members a page references', index: 'table', keyCondition: 'PK = TEAM#<t>#<TYPE>#<id> for each', operation: 'BatchGetItem', endpoints: ['GET /v1/client-contacts', 'company records'] },
  { pattern: "Every company of a team (search filters no index can answer; cost grows with the team's companies)", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#COMPANY', operation: 'Query', endpoints: ['POST /v1/companies/search'] },
  { pattern: "A company's activities, newest first, paged", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#COMPANY_ACTIVITY#<companyId> (reverse)', operation: 'Query', endpoints: ['GET /v1/companies/{id}/activities'] },
  { pattern: 'Log an activity: the activity, the company\'s last engagement and its count together', index: 'table', keyCondition: 'COMPANY_ACTIVITY#<id>, COMPANY#<companyId>, COUNTER', operation: 'TransactWriteItems', endpoints: ['POST /v1/company-activities'] },
  { pattern: 'All client contacts by creation / by last update, paged', index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#CLIENT_CONTACT (ULID) · GSI2 same partition (<updated_at>#<id>)', operation: 'Query', endpoints: ['GET /v1/client-contacts'] },
  { pattern: "One client's contacts by creation / by last update, paged", index: 'GSI3', keyCondition: 'GSI3PK = TEAM#<t>#CLIENT_CONTACT#CLIENT#<clientId> · GSI4 same partition by update', operation: 'Query', endpoints: ['GET /v1/client-contacts?client_id='] },
  { pattern: "One status's contacts by creation / by last update, paged", index: 'GSI5', keyCondition: 'GSI5PK = TEAM#<t>#CLIENT_CONTACT#STATUS#<statusId> · GSI6 same partition by update', operation: 'Query', endpoints: ['GET /v1/client-contacts?client_contact_status_id='] },
  { pattern: "One person's contacts (a handful; sorted in memory)", index: 'GSI7', keyCondition: 'GSI7PK = TEAM#<t>#CLIENT_CONTACT#PERSON#<personId>', operation: 'Query', endpoints: ['GET /v1/client-contacts?person_id=', 'GET /v1/persons/{id} (client_contact_id)'] },
  { pattern: 'Totals of lists: counters kept in the same transaction as the records', index: 'table', keyCondition: 'PK = TEAM#<t>#COUNTER, SK = <partition> (COMPANY, CLIENT_CONTACT, CLIENT_CONTACT#CLIENT#<id>, DEAL, JOB, CANDIDATE#JOB#<id>, CANDIDATE#STAGE#<id>, PERSON, LIST, LIST#TYPE#<type>, TASK, TASK#<OPEN|DONE>#<DUE|UNDATED>, CAMPAIGN, …)', operation: 'GetItem', endpoints: ['meta.total of paged lists'] },
  { pattern: 'A job with its deal links and fee events (target companies sort after and are not read)', index: 'table', keyCondition: 'PK = TEAM#<t>#JOB#<id>, SK BETWEEN DEAL# AND JOB', operation: 'Query', endpoints: ['GET /v1/jobs/{id}'] },
  { pattern: 'Everything a job record references by key (members, roles, statuses, company, persons, definitions)', index: 'table', keyCondition: 'one key per referenced record', operation: 'BatchGetItem', endpoints: ['GET /v1/jobs/{id}', 'POST /v1/jobs/search'] },
  { pattern: "Every job of a team (search filters in memory; cost grows with the team's jobs)", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#JOB', operation: 'Query', endpoints: ['POST /v1/jobs/search'] },
  { pattern: 'Jobs by name, case-insensitively (several are ambiguous)', index: 'GSI2', keyCondition: 'GSI2PK = TEAM#<t>#JOB_NAME#<lower-case name>', operation: 'Query', endpoints: ['POST /v1/candidates/update-stage', 'POST /v0/persons'] },
  { pattern: 'Companies by name, case-insensitively (a client named when creating a person)', index: 'GSI2', keyCondition: 'GSI2PK = TEAM#<t>#COMPANY_NAME#<trimmed lower-case name>', operation: 'Query', endpoints: ['POST /v0/persons'] },
  { pattern: 'Get a deal', index: 'table', keyCondition: 'PK = TEAM#<t>#DEAL#<id>, SK = DEAL', operation: 'GetItem', endpoints: ['PATCH /v1/deals/{id}'] },
  { pattern: 'Deals in creation order, paged (unfiltered search; total from the DEAL counter)', index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#DEAL (ULID sort key)', operation: 'Query', endpoints: ['POST /v1/deals/search'] },
  { pattern: "Every deal of a team (search filters no index can answer; cost grows with the team's deals)", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#DEAL', operation: 'Query', endpoints: ['POST /v1/deals/search (any filter, or sort_by other than created_at)'] },
  { pattern: 'The jobs a deal names (must be live jobs of the team)', index: 'table', keyCondition: 'PK = TEAM#<t>#JOB#<id>, SK = JOB for each', operation: 'BatchGetItem', endpoints: ['POST /v1/deals', 'PATCH /v1/deals/{id}'] },
  { pattern: "Write a deal with its job links: the deal, its count, and a DEAL_LINK snapshot in each linked job's collection (≤ 41 items)", index: 'table', keyCondition: 'DEAL#<id>/DEAL, JOB#<jobId>/DEAL#<dealJobId> per job, COUNTER/DEAL', operation: 'TransactWriteItems', endpoints: ['POST /v1/deals', 'PATCH /v1/deals/{id}'] },
  { pattern: 'One live client contact per person and client', index: 'table', keyCondition: 'PK = TEAM#<t>#CLIENT_CONTACT_PAIR, SK = <personId>#<clientId> (guard item)', operation: 'TransactWriteItems', endpoints: ['POST, DELETE /v1/client-contacts'] },
  { pattern: 'Get a candidate', index: 'table', keyCondition: 'PK = TEAM#<t>#CANDIDATE#<id>, SK = CANDIDATE', operation: 'GetItem', endpoints: ['POST /v1/candidates/update-stage'] },
  { pattern: "A job's candidates in creation order, paged (whole partition for a name match)", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#CANDIDATE#JOB#<jobId> (ULID sort key)', operation: 'Query', endpoints: ['GET /v1/jobs/{id}/candidates', 'POST /v1/candidates/update-stage (candidate_name)'] },
  { pattern: "One stage's candidates in creation order, paged", index: 'GSI2', keyCondition: 'GSI2PK = TEAM#<t>#CANDIDATE#STAGE#<stageId> (ULID sort key)', operation: 'Query', endpoints: ['GET /v1/jobs/{id}/candidates?stage_id='] },
  { pattern: "A person's candidacies (a handful)", index: 'GSI3', keyCondition: 'GSI3PK = TEAM#<t>#CANDIDATE#PERSON#<personId> (ULID sort key)', operation: 'Query', endpoints: ['POST /v1/candidates/update-stage (candidate_email)', 'GET /v1/persons/{id} (candidate_ids)'] },
  { pattern: 'Persons by email, case-insensitively', index: 'GSI2', keyCondition: 'GSI2PK = TEAM#<t>#PERSON_EMAIL#<lower-case email> (person id)', operation: 'Query', endpoints: ['POST /v1/candidates/update-stage (candidate_email)'] },
  { pattern: "A candidate's stage history, oldest first", index: 'table', keyCondition: 'PK = TEAM#<t>#CANDIDATE#<id>, SK begins_with HISTORY#', operation: 'Query', endpoints: ['stage history reads'] },
  { pattern: "Create a candidate: record, first history entry, pair guard, the job's candidate_count, job and stage counters together", index: 'table', keyCondition: 'CANDIDATE#<id> (CANDIDATE, HISTORY#<ULID>), CANDIDATE_PAIR <personId>#<jobId>, JOB#<jobId> (ADD candidate_count), COUNTER CANDIDATE#JOB#<jobId> / CANDIDATE#STAGE#<stageId>', operation: 'TransactWriteItems', endpoints: ['POST /v1/candidates', 'POST /v0/persons'] },
  { pattern: 'Move a candidate: the record (conditional on its version, retried), a history entry, both stage counters together', index: 'table', keyCondition: 'CANDIDATE#<id> (CANDIDATE, HISTORY#<ULID>), COUNTER CANDIDATE#STAGE#<from> and #<to>', operation: 'TransactWriteItems', endpoints: ['POST /v1/candidates/update-stage'] },
  { pattern: "Index a person's emails with the person", index: 'table', keyCondition: 'PK = TEAM#<t>#PERSON#<id>, SK = EMAIL#<lower-case email> (GSI2 PERSON_EMAIL#<email>)', operation: 'TransactWriteItems', endpoints: ['POST /v0/persons', 'PATCH /v1/persons/{id} (index items of removed emails deleted, of new ones created)'] },
  { pattern: 'Create a person with its effects: the person, its email index items and count, a candidate (6 items), a client contact (guard, counters, company check) and the note (≤ 60 items)', index: 'table', keyCondition: 'PERSON#<id>, CANDIDATE#<id>, CLIENT_CONTACT#<id>, PERSON_ACTIVITY#<id>, guards and COUNTER items', operation: 'TransactWriteItems', endpoints: ['POST /v0/persons'] },
  { pattern: 'Persons by creation / by last update / by name, paged (unfiltered search; total from the PERSON counter)', index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#PERSON (ULID) · GSI2 same partition (<updated_at>#<id>) · GSI3 same partition (<lower-case name>#<id>)', operation: 'Query', endpoints: ['POST /v1/persons/search'] },
  { pattern: "Every person of a team (keyword and attribute searches; cost grows with the team's persons)", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#PERSON', operation: 'Query', endpoints: ['POST /v1/persons/search (keywords or attribute filters)'] },
  { pattern: "A job's candidates, then their persons (search with job_id)", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#CANDIDATE#JOB#<jobId>, then PK = TEAM#<t>#PERSON#<id> for each', operation: 'BatchGetItem', endpoints: ['POST /v1/persons/search (job_id)'] },
  { pattern: 'Get a fee event of a job', index: 'table', keyCondition: 'PK = TEAM#<t>#JOB#<jobId>, SK = FEE_EVENT#<id>', operation: 'GetItem', endpoints: ['PATCH /v1/jobs/{id}/fee-events/{fee_event_id}'] },
  { pattern: 'Add a fee event to a job', index: 'table', keyCondition: 'PK = TEAM#<t>#JOB#<jobId>, SK = FEE_EVENT#<id>', operation: 'PutItem', endpoints: ['POST /v1/jobs/{id}/fee-events'] },
  { pattern: 'Change a fee event (only at the version read)', index: 'table', keyCondition: 'PK = TEAM#<t>#JOB#<jobId>, SK = FEE_EVENT#<id>', operation: 'UpdateItem', endpoints: ['PATCH /v1/jobs/{id}/fee-events/{fee_event_id}'] },
  { pattern: 'The companies of a bulk target-list request and their list entries', index: 'table', keyCondition: 'PK = TEAM#<t>#COMPANY#<id>, SK = COMPANY and PK = TEAM#<t>#JOB#<jobId>, SK = TARGET#<companyId> for each id (≤ 100)', operation: 'BatchGetItem', endpoints: ['POST, DELETE /v1/jobs/{id}/target-companies'] },
  { pattern: "Add or soft-remove a request's target companies together (≤ 100 items)", index: 'table', keyCondition: 'PK = TEAM#<t>#JOB#<jobId>, SK = TARGET#<companyId> for each', operation: 'TransactWriteItems', endpoints: ['POST, DELETE /v1/jobs/{id}/target-companies'] },
  { pattern: "A job's whole target list (cost grows with the list)", index: 'table', keyCondition: 'PK = TEAM#<t>#JOB#<jobId>, SK begins_with TARGET#', operation: 'Query', endpoints: ['GET /v1/jobs/{id}/target-companies'] },
  { pattern: "A person's documents, in creation order (a handful; type filter and page in memory, newest first)", index: 'table', keyCondition: 'PK = TEAM#<t>#PERSON#<personId>, SK begins_with DOCUMENT#', operation: 'Query', endpoints: ['GET /v1/persons/{id}/documents', 'DELETE /v1/persons/{id}/documents/{document_id}'] },
  { pattern: 'Store a document with its person', index: 'table', keyCondition: 'PK = TEAM#<t>#PERSON#<personId>, SK = DOCUMENT#<ULID> (entity DOCUMENT)', operation: 'PutItem', endpoints: ['POST /v1/persons/{id}/documents'] },
  { pattern: 'Mark a document deleted', index: 'table', keyCondition: 'PK = TEAM#<t>#PERSON#<personId>, SK = DOCUMENT#<ULID>', operation: 'UpdateItem', endpoints: ['DELETE /v1/persons/{id}/documents/{document_id}'] },
  { pattern: 'Get a saved list', index: 'table', keyCondition: 'PK = TEAM#<t>#LIST#<id>, SK = LIST', operation: 'GetItem', endpoints: ['GET, POST, DELETE /v1/lists/{id}/items', 'POST /v1/custom-fields/persons (list_id)', 'POST /v1/persons/search (list_id)'] },
  { pattern: 'Create a list with its counts', index: 'table', keyCondition: 'LIST#<id>/LIST (GSI1 LIST, GSI2 LIST#TYPE#<list_type>), COUNTER LIST and LIST#TYPE#<list_type>', operation: 'TransactWriteItems', endpoints: ['POST /v1/lists'] },
  { pattern: "The team's lists, newest first, paged (total from the LIST counter)", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#LIST (ULID, reverse)', operation: 'Query', endpoints: ['GET /v1/lists'] },
  { pattern: "The team's lists of one type, newest first, paged (total from the LIST#TYPE#<type> counter)", index: 'GSI2', keyCondition: 'GSI2PK = TEAM#<t>#LIST#TYPE#<list_type> (ULID, reverse)', operation: 'Query', endpoints: ['GET /v1/lists?list_type='] },
  { pattern: 'The persons or companies of a bulk list request and their member items', index: 'table', keyCondition: 'PK = TEAM#<t>#PERSON#<id> (or COMPANY#<id>) and PK = TEAM#<t>#LIST#<listId>, SK = ITEM#<id> for each id (≤ 200 keys); a retried chunk re-reads only its member items', operation: 'BatchGetItem', endpoints: ['POST, DELETE /v1/lists/{id}/items'] },
  { pattern: "Add or soft-remove members with the list's exact item_count: member writes conditional on their state and ADD item_count (with updated_at) on the list in one transaction (≤ 99 members + the list), retried after re-reading when a concurrent request won", index: 'table', keyCondition: 'PK = TEAM#<t>#LIST#<listId>, SK = ITEM#<id> for each (GSI1 LIST_ITEM#<listId> while live) and SK = LIST', operation: 'TransactWriteItems', endpoints: ['POST, DELETE /v1/lists/{id}/items'] },
  { pattern: "A list's live members, most recently added first, paged (total from the list's item_count)", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#LIST_ITEM#<listId> (ULID of the last addition, reverse)', operation: 'Query', endpoints: ['GET /v1/lists/{id}/items'] },
  { pattern: 'The person or company summaries of a page of members', index: 'table', keyCondition: 'PK = TEAM#<t>#PERSON#<id> or COMPANY#<id> for each', operation: 'BatchGetItem', endpoints: ['GET /v1/lists/{id}/items'] },
  { pattern: 'Every live member id of a list (cost grows with the list, removed members included)', index: 'table', keyCondition: 'PK = TEAM#<t>#LIST#<listId>, SK begins_with ITEM#', operation: 'Query', endpoints: ['POST /v1/persons/search (list_id)'] },
  { pattern: 'Get an automation (its whole definition: list row, trigger, actions)', index: 'table', keyCondition: 'PK = TEAM#<t>#AUTOMATION, SK = ID#<id>', operation: 'GetItem', endpoints: ['GET /v1/automations/{id}', 'PATCH /v1/automations/{id}'] },
  { pattern: 'Create an automation', index: 'table', keyCondition: 'PK = TEAM#<t>#AUTOMATION, SK = ID#<id> (entity AUTOMATION, created_sort ULID)', operation: 'PutItem', endpoints: ['POST /v1/automations'] },
  { pattern: 'Change an automation (only at the version read)', index: 'table', keyCondition: 'PK = TEAM#<t>#AUTOMATION, SK = ID#<id>', operation: 'UpdateItem', endpoints: ['PATCH /v1/automations/{id}'] },
  { pattern: 'Every automation of a team (search filters, sorts and pages in memory; a team has a few, so the cost grows with their number, not the page)', index: 'table', keyCondition: 'PK = TEAM#<t>#AUTOMATION, SK begins_with ID#', operation: 'Query', endpoints: ['POST /v1/automations/search'] },
  { pattern: 'The job a candidate trigger names (live, and its stage names)', index: 'table', keyCondition: 'PK = TEAM#<t>#JOB#<id>, SK = JOB', operation: 'GetItem', endpoints: ['POST /v1/automations', 'PATCH /v1/automations/{id}'] },
  { pattern: 'Get a task', index: 'table', keyCondition: 'PK = TEAM#<t>#TASK#<id>, SK = TASK', operation: 'GetItem', endpoints: ['PATCH, DELETE /v1/tasks/{id}'] },
  { pattern: 'The records a task names (person, deal, client company, job, campaign, owners) or a search names (related record, owners)', index: 'table', keyCondition: 'one key per named record', operation: 'BatchGetItem', endpoints: ['POST /v1/tasks', 'PATCH /v1/tasks/{id}', 'POST /v1/tasks/search'] },
  { pattern: "A person's standing in a campaign (joined_at, left_at, ids of their tasks of the campaign, at most 50)", index: 'table', keyCondition: 'PK = TEAM#<t>#CAMPAIGN#<campaignId>, SK = PERSON#<personId>', operation: 'GetItem', endpoints: ['POST /v1/tasks', 'PATCH, DELETE /v1/tasks/{id}'] },
  { pattern: 'Write a task: the task with its index entries, its counters, the campaign standings it leaves or joins, at their versions, and its events (≤ 9 items)', index: 'table', keyCondition: 'TASK#<id>/TASK, COUNTER TASK and TASK#<OPEN|DONE>#<DUE|UNDATED>, CAMPAIGN#<campaignId>/PERSON#<personId>', operation: 'TransactWriteItems', endpoints: ['POST /v1/tasks', 'PATCH /v1/tasks/{id}', 'DELETE /v1/tasks/{id}'] },
  { pattern: "Shown tasks in creation order, paged (unfiltered search; total from the TASK counter); whole for keywords, task_types or owner_ids with nothing narrower (cost grows with the team's tasks)", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#TASK (ULID sort key)', operation: 'Query', endpoints: ['POST /v1/tasks/search'] },
  { pattern: 'Hidden tasks (open tasks of persons who left their campaign), whole', index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#TASK#LEFT (ULID)', operation: 'Query', endpoints: ['POST /v1/tasks/search (include_left_campaign)'] },
  { pattern: 'Shown tasks by last update, paged', index: 'GSI6', keyCondition: 'GSI6PK = TEAM#<t>#TASK (<updated_at>#<ULID>)', operation: 'Query', endpoints: ['POST /v1/tasks/search (sort_by updated_at)'] },
  { pattern: 'Shown tasks of one completion state by due date (dated) or by creation (undated), paged with counters of the same names; the dated range within due-date bounds; whole for is_completed with other filters', index: 'GSI7', keyCondition: 'GSI7PK = TEAM#<t>#TASK#<OPEN|DONE>#<DUE|UNDATED> (<due_date>#<ULID> or ULID; BETWEEN <start> AND <end>#~ for bounds)', operation: 'Query', endpoints: ['POST /v1/tasks/search (sort_by due_date, is_completed, due_date_start/end)'] },
  { pattern: "One person's tasks (related_to; whole partition, other filters and sort in memory)", index: 'GSI2', keyCondition: 'GSI2PK = TEAM#<t>#TASK#PERSON#<personId> (ULID)', operation: 'Query', endpoints: ['POST /v1/tasks/search (related_record_type person)'] },
  { pattern: "One deal's tasks (related_to)", index: 'GSI3', keyCondition: 'GSI3PK = TEAM#<t>#TASK#DEAL#<dealId> (ULID)', operation: 'Query', endpoints: ['POST /v1/tasks/search (related_record_type deal)'] },
  { pattern: "One client's tasks (related_to)", index: 'GSI4', keyCondition: 'GSI4PK = TEAM#<t>#TASK#CLIENT#<companyId> (ULID)', operation: 'Query', endpoints: ['POST /v1/tasks/search (related_record_type client)'] },
  { pattern: "One job's tasks (related_to)", index: 'GSI5', keyCondition: 'GSI5PK = TEAM#<t>#TASK#JOB#<jobId> (ULID)', operation: 'Query', endpoints: ['POST /v1/tasks/search (related_record_type job)'] },
  { pattern: 'Get a campaign', index: 'table', keyCondition: 'PK = TEAM#<t>#CAMPAIGN#<id>, SK = CAMPAIGN', operation: 'GetItem', endpoints: ['GET /v1/campaigns/{id}', 'POST, DELETE, GET /v1/campaigns/{id}/members'] },
  { pattern: 'Create a campaign with its count', index: 'table', keyCondition: 'CAMPAIGN#<id>/CAMPAIGN, COUNTER/CAMPAIGN', operation: 'TransactWriteItems', endpoints: ['POST /v1/campaigns'] },
  { pattern: 'Campaigns in creation order, paged (total from the CAMPAIGN counter)', index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#CAMPAIGN (ULID)', operation: 'Query', endpoints: ['GET /v1/campaigns'] },
  { pattern: 'The persons of a membership request and their standings, then the tasks those standings list', index: 'table', keyCondition: 'PERSON#<id>/PERSON and CAMPAIGN#<campaignId>/PERSON#<id> for each id (≤ 200 keys); TASK#<id>/TASK for each listed task', operation: 'BatchGetItem', endpoints: ['POST, DELETE /v1/campaigns/{id}/members'] },
  { pattern: "Join or leave: each person's standing and the left flag and index entries of their campaign tasks, the task counters and the campaign's member_count; several persons per transaction (≤ 100 items)", index: 'table', keyCondition: 'CAMPAIGN#<campaignId>/PERSON#<personId>, TASK#<id>/TASK per task, COUNTER TASK…, CAMPAIGN#<campaignId>/CAMPAIGN (ADD member_count)', operation: 'TransactWriteItems', endpoints: ['POST, DELETE /v1/campaigns/{id}/members'] },
  { pattern: 'Everyone a campaign concerns (members, former members, persons with tasks only)', index: 'table', keyCondition: 'PK = TEAM#<t>#CAMPAIGN#<id>, SK begins_with PERSON#', operation: 'Query', endpoints: ['GET /v1/campaigns/{id}/members'] },
  { pattern: 'Record an event with the change it reports (outbox: one EVENT item in the same transaction as every change made through the API)', index: 'table', keyCondition: 'PK = TEAM#<t>#EVENT#<id>, SK = EVENT (GSI1 EVENT, ULID; expires_at TTL)', operation: 'TransactWriteItems', endpoints: ['every write endpoint'] },
  { pattern: "The team's events, newest first, paged", index: 'GSI1', keyCondition: 'GSI1PK = TEAM#<t>#EVENT (ULID, reverse)', operation: 'Query', endpoints: ['webhook portal (messages)'] },
  { pattern: 'Issue a webhook portal magic link (only the token hash is stored)', index: 'table', keyCondition: 'PK = PORTAL_LINK#<sha256>, SK = PORTAL_LINK (global, not team-prefixed; expires_at TTL, 10 min)', operation: 'PutItem', endpoints: ['GET /v1/webhooks/portal'] },
  { pattern: 'Spend a magic link once (conditional delete returning its team)', index: 'table', keyCondition: 'PK = PORTAL_LINK#<sha256>, SK = PORTAL_LINK (condition expires_at > now; ALL_OLD)', operation: 'DeleteItem', endpoints: ['POST /portal/api/session'] },
  { pattern: 'Open a portal session', index: 'table', keyCondition: 'PK = PORTAL_SESSION#<sha256>, SK = PORTAL_SESSION (global; expires_at TTL, 1 h)', operation: 'PutItem', endpoints: ['POST /portal/api/session'] },
  { pattern: 'Find a portal session by its token hash', index: 'table', keyCondition: 'PK = PORTAL_SESSION#<sha256>, SK = PORTAL_SESSION', operation: 'GetItem', endpoints: ['every /portal/api route but /session'] },
  { pattern: "A team's webhook endpoints (a few; one Query)", index: 'table', keyCondition: 'PK = TEAM#<t>#WEBHOOK_ENDPOINTS, SK begins_with ENDPOINT#', operation: 'Query', endpoints: ['GET /portal/api/endpoints', 'POST /portal/api/endpoints (limit check)', 'webhook dispatcher (each new event)'] },
  { pattern: 'Get, create, change, soft-delete or rotate the secret of a webhook endpoint (changes at the version read)', index: 'table', keyCondition: 'PK = TEAM#<t>#WEBHOOK_ENDPOINTS, SK = ENDPOINT#<id>', operation: 'UpdateItem', endpoints: ['/portal/api/endpoints/{id} and its sub-routes', 'POST /portal/api/endpoints'] },
  { pattern: 'Record a portal test event if the endpoint is live and enabled', index: 'table', keyCondition: 'ConditionCheck WEBHOOK_ENDPOINTS/ENDPOINT#<id>; Put EVENT#<id>/EVENT', operation: 'TransactWriteItems', endpoints: ['POST /portal/api/endpoints/{id}/test'] },
  { pattern: "An endpoint's messages, newest first, paged; total by Select COUNT of the same partition", index: 'GSI2', keyCondition: 'GSI2PK = TEAM#<t>#WEBHOOK_DELIVERY#<endpointId> (event ULID, reverse)', operation: 'Query', endpoints: ['GET /portal/api/endpoints/{id}/messages'] },
  { pattern: 'A message: the event, its deliveries and attempts', index: 'table', keyCondition: 'PK = TEAM#<t>#EVENT#<id>', operation: 'Query', endpoints: ['GET /portal/api/messages/{event_id}'] },
  { pattern: 'Get an event (outbox item) with its stored payload', index: 'table', keyCondition: 'PK = TEAM#<t>#EVENT#<id>, SK = EVENT', operation: 'GetItem', endpoints: ['webhook dispatcher', 'webhook sender'] },
  { pattern: "Store an event's rendered payload once (version condition: the first rendering wins)", index: 'table', keyCondition: 'PK = TEAM#<t>#EVENT#<id>, SK = EVENT', operation: 'UpdateItem', endpoints: ['webhook dispatcher'] },
  { pattern: 'Create the delivery of an event to an endpoint (attribute_not_exists: a repeated dispatch does nothing)', index: 'table', keyCondition: 'PK = TEAM#<t>#EVENT#<id>, SK = DELIVERY#<endpointId>; GSI2PK = TEAM#<t>#WEBHOOK_DELIVERY#<endpointId> (event ULID)', operation: 'PutItem', endpoints: ['webhook dispatcher'] },
  { pattern: 'Read what one attempt needs: event, delivery, endpoint', index: 'table', keyCondition: 'EVENT#<id>/EVENT, EVENT#<id>/DELIVERY#<endpointId>, WEBHOOK_ENDPOINTS/ENDPOINT#<endpointId>', operation: 'GetItem', endpoints: ['webhook sender', 'replay (portal)'] },
  { pattern: 'Record an attempt with the delivery state (delivery versioned; GSI3 set while failed, removed otherwise)', index: 'table', keyCondition: 'EVENT#<id>/ATTEMPT#<endpointId>#<ULID> put, EVENT#<id>/DELIVERY#<endpointId> update; GSI3PK = TEAM#<t>#WEBHOOK_FAILED#<endpointId> (event ULID)', operation: 'TransactWriteItems', endpoints: ['webhook sender'] },
  { pattern: 'Endpoint health: failing_since (commuting), disabling after days of failures (versioned)', index: 'table', keyCondition: 'PK = TEAM#<t>#WEBHOOK_ENDPOINTS, SK = ENDPOINT#<id>', operation: 'UpdateItem', endpoints: ['webhook sender'] },
  { pattern: "An endpoint's failed messages since a time", index: 'GSI3', keyCondition: 'GSI3PK = TEAM#<t>#WEBHOOK_FAILED#<endpointId>, GSI3SK BETWEEN <ULID of since> AND ZZZ…', operation: 'Query', endpoints: ['POST /portal/api/endpoints/{id}/replay-failed'] },
  { pattern: 'Replay a message: delivery back to pending, out of the failed index (versioned)', index: 'table', keyCondition: 'PK = TEAM#<t>#EVENT#<id>, SK = DELIVERY#<endpointId>', operation: 'UpdateItem', endpoints: ['POST /portal/api/messages/{event_id}/replay', 'POST /portal/api/endpoints/{id}/replay-failed'] },
];

/** The `CreateTable` request for a local engine (dynalite, DynamoDB Local) or a test. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const keyAttributes = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  for (const index of tableDefinition.indexes) {
    keyAttributes.add(index.partitionKey);
    keyAttributes.add(index.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...keyAttributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: tableDefinition.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}
