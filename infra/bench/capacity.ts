/**
 * `npm run bench:capacity` (also run by `npm run bench`): DynamoDB requests and read capacity that
 * real handlers consume, measured with `ReturnConsumedCapacity: TOTAL` on the embedded engine (which
 * applies DynamoDB's rules: 4 KB read units, halved for eventually consistent reads). A report, not
 * a test; results land in `.bench/capacity.json`.
 *
 * Scenarios:
 * - `GET /v1/client-contacts?limit=100` (and its filtered and re-sorted variants) for a team with
 *   1,000 and one with 20,000 client contacts. The second must not cost 20× the first.
 * - `GET /v1/jobs/{id}` for a job with 20 stages, 10 team members, 10 linked deals and 10 fee events:
 *   it should take one or two Query/batch calls, not one per related record.
 * - `POST /v1/tasks/search` for a team with 50,000 tasks (2,500 persons with 20 tasks each): the
 *   unfiltered page, `related_to` one person (served by the person's index partition, so it must
 *   cost about as much as a team with 20 tasks), the due-date page of open tasks, a due-date range,
 *   and a keyword search (which reads every task of the team: the figure to watch).
 *
 * `npm run bench:capacity -- --only tasks` runs one scenario (`contacts`, `job`, `tasks`; repeat
 * `--only` for several); the default runs all of them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { handler as listClientContacts } from '../../functions/client-contacts/list-client-contacts';
import { handler as getJob } from '../../functions/jobs/get-job';
import { handler as searchTasks } from '../../functions/tasks/search-tasks';
import { resetConfig } from '../../shared/config/env';
import { documentClient, resetDocumentClient, tableName } from '../../shared/db/client';
import { forTeam } from '../../shared/db/repository';
import type { WriteOperation } from '../../shared/db/repository';
import { creationSortKey, newId, nowIso } from '../../shared/domain/clock';
import { clientContactKey, contactCounters, contactIndexes } from '../../shared/domain/client-contacts/client-contact-store';
import type { StoredClientContact } from '../../shared/domain/client-contacts/client-contact-store';
import { companyCounter, companyIndexes, companyKey } from '../../shared/domain/companies/company-store';
import { dealStatuses } from '../../shared/domain/configuration/deal-statuses';
import { feeStatuses } from '../../shared/domain/configuration/fee-statuses';
import { jobRoles } from '../../shared/domain/configuration/job-roles';
import type { StoredFeeEvent } from '../../shared/domain/jobs/fees';
import { createJob } from '../../shared/domain/jobs/job-service';
import { dealLinkKey, feeEventKey } from '../../shared/domain/jobs/job-store';
import type { StoredDealLink } from '../../shared/domain/jobs/job-store';
import { personCreateWrites } from '../../shared/domain/persons/person-store';
import { addDeltas, counterDeltas, counterWrites, putTask } from '../../shared/domain/tasks/task-store';
import type { StoredTask, TaskType } from '../../shared/domain/tasks/task-store';
import { addTeamMember } from '../../shared/domain/team-members';
import { lambdaContext } from '../local/api-gateway-event';
import { ensureTable, startEmbeddedEngine } from '../local/engine';
import { seedTeam } from '../local/seed';
import type { SeededTeam } from '../local/seed';
import { applyLocalJwtDefaults } from '../local/tokens';

const outputDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.bench');

/** What one handler invocation cost: requests by operation and read capacity units. */
interface Meter {
  requests: Record<string, number>;
  capacityUnits: number;
}

let meter: Meter | undefined;

/** Asks every request of the service's client for its consumed capacity and adds it to the meter. */
function installCapacityMeter(): void {
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (!meter) return next(args);
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const operation = String(context.commandName).replace(/Command$/, '');
      meter.requests[operation] = (meter.requests[operation] ?? 0) + 1;
      for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) meter.capacityUnits += entry.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name: 'capacityMeter' },
  );
}

async function measure(invoke: () => Promise<unknown>): Promise<Meter> {
  meter = { requests: {}, capacityUnits: 0 };
  try {
    await invoke();
    return meter;
  } finally {
    meter = undefined;
  }
}

/** Writes items in batches of 25, a few batches in flight (seeding only: the service itself writes with transactions). */
async function putAll(writes: WriteOperation[]): Promise<void> {
  const items = writes.map((write) => write.item.Put?.Item).filter((item): item is Record<string, unknown> => item !== undefined);
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  const writeBatch = async (batch: Record<string, unknown>[]) => {
    let pending: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = batch.map((Item) => ({ PutRequest: { Item } }));
    while (pending?.length) {
      const result = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = result.UnprocessedItems?.[tableName()] as typeof pending;
    }
  };
  const inFlight = 4;
  for (let start = 0; start < batches.length; start += inFlight) await Promise.all(batches.slice(start, start + inFlight).map(writeBatch));
}

/**
 * Seeds `count` client contacts for a team, built by the same store functions the service uses
 * (keys, index entries, counters): 1,000 persons at most, each a contact of several companies.
 */
async function seedClientContacts(team: SeededTeam, count: number): Promise<{ clientId: string }> {
  const table = forTeam(team.team_id);
  const personCount = Math.min(count, 1000);
  const companyCount = Math.ceil(count / personCount);
  const persons = Array.from({ length: personCount }, (_unused, index) => personCreateWrites(team.team_id, { name: `Person ${index}`, first_name: 'Person', last_name: String(index), current_job_title: 'Engineer' }));
  await putAll(persons.flatMap(({ writes }) => writes.filter((write) => write.item.Put)));
  const now = nowIso();
  const companies = Array.from({ length: companyCount }, (_unused, index) => ({ id: newId(), name: `Company ${index}`, sort: creationSortKey() }));
  await putAll(
    companies.map((company) =>
      table.create(companyKey(company.id), { id: company.id, name: company.name, domain: `company${company.sort.slice(-6).toLowerCase()}.test`, is_client: true, owner_ids: [], custom_fields: {}, created_at: now, updated_at: now, created_sort: company.sort }, { entity: 'COMPANY', indexes: companyIndexes(company, company.sort), conflictMessage: '' }),
    ),
  );
  const counts = new Map<string, number>([[companyCounter, companyCount]]);
  const contacts: WriteOperation[] = [];
  for (let index = 0; index < count; index += 1) {
    const contact: StoredClientContact = {
      id: newId(),
      person_id: (persons[index % personCount] as (typeof persons)[number]).person.id,
      client_id: (companies[Math.floor(index / personCount)] as (typeof companies)[number]).id,
      client_contact_status_id: null,
      owner_ids: [],
      created_at: now,
      updated_at: now,
    };
    const sort = creationSortKey();
    contacts.push(table.create(clientContactKey(contact.id), { ...contact, created_sort: sort }, { entity: 'CLIENT_CONTACT', indexes: contactIndexes(contact, sort), conflictMessage: '' }));
    for (const counter of contactCounters(contact)) counts.set(counter, (counts.get(counter) ?? 0) + 1);
  }
  await putAll(contacts);
  await table.write([...counts].map(([counter, value]) => table.increment(counter, value)));
  return { clientId: (companies[0] as (typeof companies)[number]).id };
}

function event(team: SeededTeam, path: string, routeKey: string, query: Record<string, string> = {}, pathParameters?: Record<string, string>, body?: unknown): APIGatewayProxyEventV2 {
  const method = routeKey.split(' ')[0] ?? 'GET';
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: { authorization: `Bearer ${team.api_key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    queryStringParameters: query,
    ...(pathParameters ? { pathParameters } : {}),
    requestContext: { accountId: 'bench', apiId: 'bench', domainName: 'localhost', domainPrefix: 'localhost', http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' }, requestId: newId(), routeKey, stage: '$default', time: '', timeEpoch: Date.now() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    isBase64Encoded: false,
  };
}

/**
 * A job with 20 stages, 10 team members, 10 linked deals and 10 fee events: the job through the job
 * service, the deal links and fee events as the deal and fee-event services store them.
 */
async function seedRichJob(team: SeededTeam): Promise<string> {
  const [roles, statuses, fees] = await Promise.all([jobRoles.list(team.team_id), dealStatuses.list(team.team_id), feeStatuses.list(team.team_id)]);
  const members = [];
  for (let index = 0; index < 10; index += 1) members.push(await addTeamMember(team.team_id, { email: `member${index}@bench.test`, first_name: 'Member', last_name: String(index) }));
  const principal = { kind: 'session' as const, teamId: team.team_id, teamMemberId: team.team_member_id, scopes: 'all' as const, credentialId: 'bench' };
  const job = await createJob(principal, {
    name: 'Rich job',
    pipeline_stages: Array.from({ length: 20 }, (_unused, index) => ({ name: `Stage ${index + 1}` })),
    team_members: members.map((member, index) => ({ team_member_id: member.id, role_id: (roles[index % roles.length] as { id: string }).id })),
    retainer: { fee_type: 'percentage', fee_base: 'first_year_salary', fee_percentage: 25, estimated_compensation: 150000, installment_count: 3, final_payment_type: 'on_placement' },
  });
  const table = forTeam(team.team_id);
  const now = nowIso();
  const links = Array.from({ length: 10 }, (_unused, index): StoredDealLink => ({ deal_job_id: newId(), deal_id: newId(), job_id: job.id, name: `Deal ${index}`, amount: 10000 * (index + 1), currency_code: 'USD', deal_status_id: (statuses[index % statuses.length] as { id: string }).id }));
  const events = Array.from({ length: 10 }, (_unused, index): StoredFeeEvent => ({
    id: newId(), job_id: job.id, type: index < 3 ? 'retainer' : 'placement', label: `Fee ${index}`, amount: null, currency_code: 'USD', fee_type: 'percentage', fee_percentage: 20, compensation: 120000, firm_commission_percent: null,
    is_placeholder: false, sequence: index, start_date: null, expected_date: null, actual_payment_date: null, candidate_id: null, offer_id: null, retainer_id: null, fee_status_id: (fees[index % fees.length] as { id: string }).id, created_at: now, updated_at: now,
  }));
  await table.write([
    ...links.map((link) => table.create(dealLinkKey(job.id, link.deal_job_id), { ...link }, { entity: 'DEAL_LINK', conflictMessage: '' })),
    ...events.map((fee) => table.create(feeEventKey(job.id, fee.id), { ...fee, created_sort: creationSortKey() }, { entity: 'FEE_EVENT', conflictMessage: '' })),
  ]);
  return job.id;
}

const taskVerbs = ['Call', 'Email', 'Follow up with', 'Message', 'Connect with', 'Schedule an interview with', 'Send the offer to', 'Check in with'];
const taskTopics = ['about the role', 'about references', 'about availability', 'about feedback', 'about salary expectations', 'about next steps', 'about onboarding', 'about the shortlist'];
const benchTaskTypes: TaskType[] = ['call', 'text', 'other', 'social_message', 'social_connection', 'other', 'call', 'text'];

/**
 * Seeds `personCount` persons with `perPerson` tasks each, built by the same store functions the
 * service uses (keys, index entries, counters), written with BatchWriteItem. Every eighth task is a
 * follow-up (the keyword search; two or three of each person's), two in three have a due date in
 * 2026, three in five are completed, and each is owned by one of five members.
 */
async function seedTasks(team: SeededTeam, personCount: number, perPerson: number): Promise<{ personId: string }> {
  const table = forTeam(team.team_id);
  const persons = Array.from({ length: personCount }, (_unused, index) => personCreateWrites(team.team_id, { name: `Person ${index}`, first_name: 'Person', last_name: String(index) }));
  await putAll(persons.flatMap(({ writes }) => writes.filter((write) => write.item.Put)));
  const owners = [team.team_member_id];
  for (let index = 0; index < 4; index += 1) owners.push((await addTeamMember(team.team_id, { email: `owner${index}@bench.test`, first_name: 'Owner', last_name: String(index) })).id);
  const now = nowIso();
  const deltas = new Map<string, number>();
  const writes: WriteOperation[] = [];
  let sequence = 0;
  for (let round = 0; round < perPerson; round += 1) {
    for (const [index, { person }] of persons.entries()) {
      sequence += 1;
      const day = sequence % 365;
      const task: StoredTask = {
        id: newId(),
        content_text: `${taskVerbs[(index + round) % taskVerbs.length]} ${person.name} ${taskTopics[(index * 3 + round) % taskTopics.length]}`,
        task_type: benchTaskTypes[(sequence * 7) % benchTaskTypes.length] as TaskType,
        due_date: sequence % 3 === 0 ? null : new Date(Date.UTC(2026, 0, 1 + day, 9)).toISOString(),
        is_completed: sequence % 5 < 3,
        person_id: person.id,
        deal_id: null,
        client_id: null,
        job_id: null,
        owner_ids: [owners[index % owners.length] as string],
        campaign_id: null,
        left_campaign: false,
        created_at: now,
        updated_at: now,
      };
      writes.push(putTask(table, task, creationSortKey()));
      addDeltas(deltas, counterDeltas(undefined, task));
    }
  }
  await putAll(writes);
  await table.write(counterWrites(table, deltas));
  return { personId: (persons[Math.floor(personCount / 2)] as (typeof persons)[number]).person.id };
}

interface Row {
  query: string;
  status: number;
  requests: Record<string, number>;
  capacityUnits: number;
  items: number;
  total?: number;
}

const formatRequests = (requests: Record<string, number>) => Object.entries(requests).map(([operation, count]) => `${operation} ×${count}`).join(', ');

async function contactsScenario(): Promise<{ rows: (Row & { contacts: number })[]; ok: boolean }> {
  const sizes = [1_000, 20_000];
  const rows: (Row & { contacts: number })[] = [];
  for (const size of sizes) {
    const started = performance.now();
    const team = await seedTeam(`Capacity ${size}`, { email: `capacity${size}@example.com`, first_name: 'Cap', last_name: String(size) });
    const { clientId } = await seedClientContacts(team, size);
    process.stdout.write(`Seeded ${size} client contacts in ${Math.round(performance.now() - started)} ms\n`);
    const queries: Record<string, string>[] = [{ limit: '100' }, { limit: '100', sort_by: 'updated_at', sort_order: 'asc' }, { limit: '100', client_id: clientId }, { limit: '100', offset: '500' }];
    for (const query of queries) {
      let status = 0;
      let items = 0;
      const used = await measure(async () => {
        const response = await listClientContacts(event(team, '/v1/client-contacts', 'GET /v1/client-contacts', query), lambdaContext('list-client-contacts'));
        status = response.statusCode ?? 0;
        items = (JSON.parse(response.body ?? '{}') as { data?: unknown[] }).data?.length ?? 0;
      });
      rows.push({ contacts: size, query: new URLSearchParams(query).toString().replace(clientId, '<client>'), status, ...used, items });
    }
  }
  process.stdout.write('\nGET /v1/client-contacts: DynamoDB requests and read capacity per call (API-key read included)\n\n');
  process.stdout.write(`${'contacts'.padStart(8)}  ${'query'.padEnd(48)}  ${'rows'.padStart(4)}  ${'RCU'.padStart(6)}  requests\n`);
  for (const row of rows) process.stdout.write(`${String(row.contacts).padStart(8)}  ${row.query.padEnd(48)}  ${String(row.items).padStart(4)}  ${row.capacityUnits.toFixed(1).padStart(6)}  ${formatRequests(row.requests)}\n`);
  const first = rows.find((row) => row.contacts === sizes[0] && row.query === 'limit=100');
  const last = rows.find((row) => row.contacts === sizes[1] && row.query === 'limit=100');
  if (first && last) process.stdout.write(`\n20,000 contacts cost ${(last.capacityUnits / first.capacityUnits).toFixed(2)}× the read capacity of 1,000 for limit=100 (the target: far below 20×)\n`);
  return { rows, ok: rows.every((row) => row.status === 200) };
}

async function jobScenario(): Promise<{ job: Record<string, unknown>; ok: boolean }> {
  const jobTeam = await seedTeam('Capacity jobs', { email: 'capacity-jobs@example.com', first_name: 'Cap', last_name: 'Jobs' });
  const jobId = await seedRichJob(jobTeam);
  let jobStatus = 0;
  let jobSections: Record<string, number> = {};
  const jobMeter = await measure(async () => {
    const response = await getJob(event(jobTeam, `/v1/jobs/${jobId}`, 'GET /v1/jobs/{id}', {}, { id: jobId }), lambdaContext('get-job'));
    jobStatus = response.statusCode ?? 0;
    const data = (JSON.parse(response.body ?? '{}') as { data: { pipeline_stages: unknown[]; team_members: unknown[]; linked_deals: unknown[]; fees: { fee_events: unknown[] } } }).data;
    jobSections = { stages: data.pipeline_stages.length, team_members: data.team_members.length, linked_deals: data.linked_deals.length, fee_events: data.fees.fee_events.length };
  });
  process.stdout.write(`\nGET /v1/jobs/{id} (${Object.entries(jobSections).map(([name, count]) => `${count} ${name.replace('_', ' ')}`).join(', ')}): ${jobMeter.capacityUnits.toFixed(1)} RCU; ${formatRequests(jobMeter.requests)} (API-key read included)\n`);
  return { job: { status: jobStatus, sections: jobSections, ...jobMeter }, ok: jobStatus === 200 };
}

async function tasksScenario(): Promise<{ tasks: { count: number; rows: Row[] }; ok: boolean }> {
  const personCount = 2_500;
  const perPerson = 20;
  const count = personCount * perPerson;
  const started = performance.now();
  const team = await seedTeam('Capacity tasks', { email: 'capacity-tasks@example.com', first_name: 'Cap', last_name: 'Tasks' });
  const { personId } = await seedTasks(team, personCount, perPerson);
  process.stdout.write(`\nSeeded ${count.toLocaleString('en')} tasks (${personCount} persons × ${perPerson}) in ${Math.round(performance.now() - started)} ms\n`);
  const searches: Record<string, unknown>[] = [
    {},
    { related_to: personId, related_record_type: 'person' },
    { related_to: personId, related_record_type: 'person', keywords: ['follow up'], sort_by: 'due_date' },
    { sort_by: 'due_date', sort_order: 'asc', is_completed: false },
    { due_date_start: '2026-03-01', due_date_end: '2026-03-07', is_completed: false },
    { keywords: ['follow up'] },
  ];
  const rows: Row[] = [];
  for (const body of searches) {
    let status = 0;
    let items = 0;
    let total = 0;
    const used = await measure(async () => {
      const response = await searchTasks(event(team, '/v1/tasks/search', 'POST /v1/tasks/search', {}, undefined, body), lambdaContext('search-tasks'));
      status = response.statusCode ?? 0;
      const parsed = JSON.parse(response.body ?? '{}') as { data?: unknown[]; meta?: { total: number } };
      items = parsed.data?.length ?? 0;
      total = parsed.meta?.total ?? 0;
    });
    rows.push({ query: JSON.stringify(body).replace(personId, '<person>'), status, ...used, items, total });
  }
  process.stdout.write(`\nPOST /v1/tasks/search over ${count.toLocaleString('en')} tasks: DynamoDB requests and read capacity per call (API-key read included)\n\n`);
  process.stdout.write(`${'body'.padEnd(100)}  ${'rows'.padStart(4)}  ${'total'.padStart(6)}  ${'RCU'.padStart(8)}  requests\n`);
  for (const row of rows) process.stdout.write(`${row.query.padEnd(100)}  ${String(row.items).padStart(4)}  ${String(row.total).padStart(6)}  ${row.capacityUnits.toFixed(1).padStart(8)}  ${formatRequests(row.requests)}\n`);
  return { tasks: { count, rows }, ok: rows.every((row) => row.status === 200) };
}

const scenarios = { contacts: contactsScenario, job: jobScenario, tasks: tasksScenario } as const;
type ScenarioName = keyof typeof scenarios;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string', multiple: true } } });
  const selected = (values.only?.length ? values.only : Object.keys(scenarios)) as ScenarioName[];
  const unknown = selected.filter((name) => !(name in scenarios));
  if (unknown.length) throw new Error(`Unknown scenario ${unknown.join(', ')}; choose from ${Object.keys(scenarios).join(', ')}`);

  const engine = await startEmbeddedEngine();
  process.env.DYNAMODB_ENDPOINT = engine.endpoint;
  process.env.TABLE_NAME ||= 'capacity-bench';
  process.env.LOG_LEVEL = 'silent';
  // The key cache would hide the API-key read of every request after the first: count it every time.
  process.env.API_KEY_CACHE_TTL_SECONDS = '0';
  applyLocalJwtDefaults(process.env);
  resetConfig();
  resetDocumentClient();
  await ensureTable(engine.endpoint, process.env.TABLE_NAME);
  installCapacityMeter();

  const results: Record<string, unknown> = { measuredAt: new Date().toISOString() };
  let ok = true;
  for (const name of selected) {
    const { ok: passed, ...result } = await scenarios[name]();
    Object.assign(results, result);
    ok &&= passed;
  }
  await mkdir(outputDirectory, { recursive: true });
  await writeFile(join(outputDirectory, 'capacity.json'), `${JSON.stringify(results, null, 2)}\n`);
  resetDocumentClient();
  await engine.close();
  if (!ok) {
    process.stderr.write('Some calls did not answer 200\n');
    process.exitCode = 1;
  }
}

await main();
