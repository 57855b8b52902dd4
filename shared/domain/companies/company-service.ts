import * as z from 'zod/mini';
import { liveDefault } from '../configuration/configuration-list';
import type { Principal } from '../../auth/scopes';
import { forTeam, splitMeta } from '../../db/repository';
import type { Stored } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import { resolveActor } from '../actor';
import { creationSortKey, newId, nowIso } from '../clock';
import { companyClientStatuses } from '../configuration/company-client-statuses';
import { applyCustomFieldWrites, customFieldsInput } from '../custom-field-values';
import { displayName, pageBodyShape, sortOrder, timestampOrDate, uniqueIds } from '../schemas';
import { getTeamMembersById } from '../team-members';
import { renderCompanies } from './company-record';
import type { Company } from './company-record';
import { eventWrite } from '../../events/event-outbox';
import { companyCounter, companyIndexes, companyKey, findCompany, listAllCompanies } from './company-store';
import type { StoredCompany } from './company-store';

const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

/** The writable fields of a company (extensions.md section 3), shared by create and update. */
const companyFields = {
  domain: optionalText(253),
  social_url: optionalText(2048),
  social_id: z.optional(z.nullable(z.number().check(z.int()))),
  location: optionalText(500),
  phone: optionalText(100),
  description: optionalText(20_000),
  is_client: z.optional(z.boolean()),
  client_status_id: z.optional(z.nullable(z.uuid())),
  owner_ids: z.optional(z.array(z.uuid()).check(z.maxLength(50))),
  do_not_contact: z.optional(z.boolean()),
  do_not_contact_reason: optionalText(2000),
  do_not_contact_expiration_date: z.optional(z.nullable(timestampOrDate())),
  custom_fields: z.optional(customFieldsInput),
  /** The team member to attribute the change to (API keys only; ignored for session and OAuth tokens). */
  team_member_id: z.optional(z.uuid()),
};

export const createCompanyBody = z.strictObject({ name: displayName(), ...companyFields });
export const updateCompanyBody = z.strictObject({ name: z.optional(displayName()), ...companyFields });
type CompanyInput = z.output<typeof updateCompanyBody>;

export const searchCompaniesBody = z.strictObject({
  ...pageBodyShape,
  keywords: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(20))),
  domain: z.optional(z.string().check(z.minLength(1))),
  is_client: z.optional(z.boolean()),
  client_status_ids: z.optional(z.array(z.uuid()).check(z.maxLength(100))),
  owner_ids: z.optional(z.array(z.uuid()).check(z.maxLength(100))),
  do_not_contact: z.optional(z.boolean()),
  sort_by: z._default(z.enum(['created_at', 'updated_at', 'name']), 'created_at'),
  sort_order: sortOrder(),
});

const changedConcurrently = 'The company changed concurrently; retry';

/**
 * Merges `input` into `current` (or a new company) and checks the rules that need the database:
 * the client status exists (a client gets the team's default status when none is given, a
 * non-client has none), owners are members, do-not-contact details only with do-not-contact, and
 * custom field values fit their definitions. Every problem is reported at once.
 */
async function applyCompanyInput(teamId: string, current: StoredCompany | undefined, input: CompanyInput, actorId: string | null, now: string): Promise<StoredCompany> {
  const details: ErrorDetail[] = [];
  const base: StoredCompany = current ?? {
    id: newId(),
    name: '',
    domain: null,
    social_url: null,
    social_id: null,
    location: null,
    phone: null,
    description: null,
    is_client: false,
    client_status_id: null,
    owner_ids: [],
    do_not_contact: false,
    do_not_contact_metadata: null,
    date_of_last_engagement: null,
    updated_by_id: null,
    custom_fields: {},
    created_at: now,
    updated_at: now,
  };
  const next: StoredCompany = { ...base, updated_at: now, updated_by_id: actorId };
  for (const field of ['name', 'domain', 'social_url', 'social_id', 'location', 'phone', 'description'] as const) {
    if (input[field] !== undefined) (next as unknown as Record<string, unknown>)[field] = input[field];
  }

  // Client status: explicit, else kept, else the default status for a (new) client.
  if (input.is_client !== undefined) next.is_client = input.is_client;
  if (input.client_status_id !== undefined) next.client_status_id = input.client_status_id;
  if (!next.is_client) {
    if (input.client_status_id) details.push({ path: 'body.client_status_id', message: 'Only a client (is_client: true) has a client status' });
    next.client_status_id = null;
  } else {
    const statuses = await companyClientStatuses.lookup(teamId);
    if (next.client_status_id && input.client_status_id !== undefined) {
      const status = statuses.get(next.client_status_id);
      if (!status || status.deleted) details.push({ path: 'body.client_status_id', message: 'Not a client status of this team' });
    }
    next.client_status_id ??= liveDefault(statuses)?.id ?? null;
  }

  if (input.owner_ids !== undefined) {
    next.owner_ids = uniqueIds(input.owner_ids);
    const members = await getTeamMembersById(teamId, next.owner_ids);
    const missing = next.owner_ids.filter((id) => !members.has(id));
    if (missing.length) details.push({ path: 'body.owner_ids', message: `Not members of this team: ${missing.join(', ')}` });
  }

  // Do-not-contact: the metadata records who set it, when, and every later change.
  if (input.do_not_contact !== undefined) next.do_not_contact = input.do_not_contact;
  const dncDetailsGiven = input.do_not_contact_reason !== undefined || input.do_not_contact_expiration_date !== undefined;
  if (!next.do_not_contact) {
    if (dncDetailsGiven && (input.do_not_contact_reason || input.do_not_contact_expiration_date)) {
      details.push({ path: 'body.do_not_contact', message: 'do_not_contact_reason and do_not_contact_expiration_date need do_not_contact: true' });
    }
    next.do_not_contact_metadata = null;
  } else if (!base.do_not_contact || !base.do_not_contact_metadata) {
    next.do_not_contact_metadata = {
      reason: input.do_not_contact_reason ?? null,
      do_not_contact_added_by: actorId,
      date_added: now,
      last_updated_at: now,
      last_updated_by: actorId,
      expiration_date: input.do_not_contact_expiration_date ?? null,
    };
  } else if (dncDetailsGiven) {
    next.do_not_contact_metadata = {
      ...base.do_not_contact_metadata,
      ...(input.do_not_contact_reason !== undefined ? { reason: input.do_not_contact_reason } : {}),
      ...(input.do_not_contact_expiration_date !== undefined ? { expiration_date: input.do_not_contact_expiration_date } : {}),
      last_updated_at: now,
      last_updated_by: actorId,
    };
  }

  if (details.length) throw new ValidationError(details.length === 1 ? `Invalid company: ${(details[0] as ErrorDetail).message}` : `Invalid company: ${details.length} problems, see details`, details);
  if (input.custom_fields) next.custom_fields = await applyCustomFieldWrites(teamId, 'companies', input.custom_fields, base.custom_fields);
  return next;
}

async function readCompany(teamId: string, id: string): Promise<Stored<StoredCompany>> {
  const company = await findCompany(teamId, id);
  if (!company) throw new NotFoundError('Company');
  return company;
}

/** `GET /v1/companies/{id}`: the full record, with custom field values unless left out. */
export async function getCompany(teamId: string, id: string, options: { customFields: boolean }): Promise<Company> {
  const [company] = await renderCompanies(teamId, [await readCompany(teamId, id)], options);
  return company as Company;
}

/** Creates a company (and counts it) and answers the full record. */
export async function createCompany(principal: Principal, input: z.output<typeof createCompanyBody>): Promise<Company> {
  const actorId = await resolveActor(principal, input.team_member_id);
  const now = nowIso();
  const company = await applyCompanyInput(principal.teamId, undefined, input, actorId, now);
  const table = forTeam(principal.teamId);
  const sort = creationSortKey();
  await table.write([
    table.create(companyKey(company.id), { ...company, created_sort: sort }, { entity: 'COMPANY', indexes: companyIndexes(company, sort), conflictMessage: 'Company id collision' }),
    table.increment(companyCounter, 1),
    eventWrite(table, { type: 'company.created', subject: 'company', snapshot: company, timestamp: now }),
  ]);
  return getCompany(principal.teamId, company.id, { customFields: true });
}

/** Changes the fields given (optimistic concurrency on the record's version). */
export async function updateCompany(principal: Principal, id: string, input: CompanyInput): Promise<Company> {
  const current = await readCompany(principal.teamId, id);
  const actorId = await resolveActor(principal, input.team_member_id);
  const { record, meta } = splitMeta(current);
  const next = await applyCompanyInput(principal.teamId, record, input, actorId, nowIso());
  // The date of the last activity is stamped by activities, concurrently with edits: never written here.
  const { id: _id, created_at: _created, date_of_last_engagement: _engagement, ...changes } = next;
  const table = forTeam(principal.teamId);
  await table.write([
    table.update(companyKey(id), meta.version, changes, { conflictMessage: changedConcurrently, indexes: companyIndexes(next, meta.created_sort as string) }),
    eventWrite(table, { type: 'company.updated', subject: 'company', snapshot: next, timestamp: next.updated_at }),
  ]);
  return getCompany(principal.teamId, id, { customFields: true });
}

/** Soft-deletes a company: it leaves the team's listing and count, and answers 404 from then on. */
export async function deleteCompany(principal: Principal, id: string): Promise<void> {
  const current = await readCompany(principal.teamId, id);
  const table = forTeam(principal.teamId);
  const now = nowIso();
  await table.write([
    table.update(companyKey(id), current.version, { deleted_at: now, updated_at: now }, { conflictMessage: changedConcurrently, removeIndexes: ['GSI1', 'GSI2'] }),
    table.increment(companyCounter, -1),
    eventWrite(table, { type: 'company.deleted', subject: 'plain', snapshot: { id, name: current.name, deleted_at: now }, timestamp: now }),
  ]);
}

/**
 * `POST /v1/companies/search`: filters the team's companies in memory (keywords are
 * case-insensitive substrings of name or domain, all must match; the other filters combine with
 * AND), sorts, pages, and renders the page without custom fields. It reads every company of the
 * team once (GSI1), so its cost grows with the team's companies, not with the page.
 */
export async function searchCompanies(teamId: string, query: z.output<typeof searchCompaniesBody>): Promise<{ items: Company[]; total: number }> {
  const keywords = (query.keywords ?? []).map((keyword) => keyword.toLowerCase());
  const statusIds = query.client_status_ids && new Set(query.client_status_ids);
  const ownerIds = query.owner_ids && new Set(query.owner_ids);
  const domain = query.domain?.toLowerCase();
  const matches = (await listAllCompanies(teamId)).filter((company) => {
    const haystack = `${company.name}\n${company.domain ?? ''}`.toLowerCase();
    return (
      keywords.every((keyword) => haystack.includes(keyword)) &&
      (domain === undefined || company.domain?.toLowerCase() === domain) &&
      (query.is_client === undefined || company.is_client === query.is_client) &&
      (!statusIds || (company.client_status_id !== null && statusIds.has(company.client_status_id))) &&
      (!ownerIds || company.owner_ids.some((id) => ownerIds.has(id))) &&
      (query.do_not_contact === undefined || company.do_not_contact === query.do_not_contact)
    );
  });
  const direction = query.sort_order === 'asc' ? 1 : -1;
  // Built per search, not at import: an ICU collator costs ~13 ms to set up on a cold start.
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  const key = (company: Stored<StoredCompany>) => (query.sort_by === 'created_at' ? (company.created_sort ?? company.created_at) : company[query.sort_by]);
  matches.sort((a, b) => {
    const primary = query.sort_by === 'name' ? collator.compare(a.name, b.name) : key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
    return (primary || (a.id < b.id ? -1 : 1)) * direction;
  });
  const page = matches.slice(query.offset, query.offset + query.limit);
  return { items: await renderCompanies(teamId, page, { customFields: false }), total: matches.length };
}
