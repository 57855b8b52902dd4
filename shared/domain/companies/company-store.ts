import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';

/**
 * A company as stored: the writable fields, references by id, and what the service derives
 * (do-not-contact metadata, the date of the last activity, custom field values by attribute).
 */
export interface StoredCompany {
  id: string;
  name: string;
  domain: string | null;
  social_url: string | null;
  social_id: number | null;
  location: string | null;
  phone: string | null;
  description: string | null;
  is_client: boolean;
  client_status_id: string | null;
  owner_ids: string[];
  do_not_contact: boolean;
  do_not_contact_metadata: {
    reason: string | null;
    do_not_contact_added_by: string | null;
    date_added: string;
    last_updated_at: string;
    last_updated_by: string | null;
    expiration_date: string | null;
  } | null;
  date_of_last_engagement: string | null;
  updated_by_id: string | null;
  custom_fields: Record<string, StoredCustomFieldValue>;
  created_at: string;
  updated_at: string;
}

/** The value(s) of one custom field on a record, as written (see custom-field-values.ts). */
export interface StoredCustomFieldValue {
  value?: string | number;
  tag_ids?: string[];
  team_member_ids?: string[];
  company_ids?: string[];
}

/** Key of a company record: `TEAM#<t>#COMPANY#<id>` / `COMPANY`. */
export const companyKey = (id: string) => ({ pk: `COMPANY#${id}`, sk: 'COMPANY' });

const companyNamePartition = (name: string) => `COMPANY_NAME#${name.trim().toLowerCase()}`;

/**
 * GSI1 places the company in the team's companies in creation order (`TEAM#<t>#COMPANY`); GSI2
 * among the companies of the same name, compared trimmed and case-insensitively
 * (`TEAM#<t>#COMPANY_NAME#<name>`), so a client named in `POST /v0/persons` is one `Query`.
 */
export const companyIndexes = (company: Pick<StoredCompany, 'name'>, createdSort: string) => ({
  GSI1: { pk: 'COMPANY', sk: createdSort },
  GSI2: { pk: companyNamePartition(company.name), sk: createdSort },
});

/** The counter of the team's live companies. */
export const companyCounter = 'COMPANY';

/** `GetItem` of a live company; `undefined` when missing, deleted or another team's. */
export async function findCompany(teamId: string, id: string): Promise<Stored<StoredCompany> | undefined> {
  const company = await forTeam(teamId).get<StoredCompany>(companyKey(id));
  return company && !company.deleted_at ? company : undefined;
}

/** The live companies whose name is `name`, trimmed and case-insensitively, oldest first (`Query` of GSI2). */
export async function findCompaniesByName(teamId: string, name: string): Promise<Stored<StoredCompany>[]> {
  const companies = await forTeam(teamId).queryIndex<StoredCompany>({ index: 'GSI2', pk: companyNamePartition(name) });
  return companies.filter((company) => !company.deleted_at);
}

/** The live companies among `ids` (one `BatchGetItem` per 100), by id. */
export async function getCompaniesById(teamId: string, ids: Iterable<string>): Promise<Map<string, Stored<StoredCompany>>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const companies = await forTeam(teamId).getMany<StoredCompany>(unique.map(companyKey));
  return new Map(companies.filter((company) => !company.deleted_at).map((company) => [company.id, company]));
}

/**
 * Every live company of the team (GSI1, partition `TEAM#<t>#COMPANY`, all pages). Used by company
 * search, whose filters (substring keywords, owners, statuses) no index can answer: its cost grows
 * with the team's number of companies (see the access-pattern table).
 */
export async function listAllCompanies(teamId: string): Promise<Stored<StoredCompany>[]> {
  const companies = await forTeam(teamId).queryIndex<StoredCompany>({ index: 'GSI1', pk: 'COMPANY' });
  return companies.filter((company) => !company.deleted_at);
}
