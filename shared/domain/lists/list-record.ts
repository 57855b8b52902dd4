import * as z from 'zod/mini';
import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';
import { companyKey } from '../companies/company-store';
import type { StoredCompany } from '../companies/company-store';
import { personKey, personSummarySchema, toPersonSummary } from '../persons/person-store';
import type { StoredPerson } from '../persons/person-store';
import { listTypes } from './list-store';
import type { StoredList, StoredListItem } from './list-store';

/** A saved list as the API answers it (extensions.md section 3). */
export const listSchema = z.object({
  id: z.string(),
  name: z.string(),
  list_type: z.enum(listTypes),
  item_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type List = z.infer<typeof listSchema>;

export const toList = (list: StoredList): List => ({
  id: list.id,
  name: list.name,
  list_type: list.list_type,
  item_count: list.item_count,
  created_at: list.created_at,
  updated_at: list.updated_at,
});

/** What every member row carries, whatever the list's type. */
const memberFields = {
  /** The person or company id (the id given to add or remove it). */
  id: z.string(),
  list_id: z.string(),
  added_at: z.string(),
  added_by_team_member_id: z.nullable(z.string()),
};

/** The company summary of client contact rows (specification, "Company summary"). */
export const companySummarySchema = z.object({ id: z.string(), name: z.string(), domain: z.nullable(z.string()) });

/** A member of a persons list: the person summary, null when the person has been deleted since. */
export const personListItemSchema = z.object({ ...memberFields, person: z.nullable(personSummarySchema) });
/** A member of a companies list: the company summary, null when the company has been deleted since. */
export const companyListItemSchema = z.object({ ...memberFields, company: z.nullable(companySummarySchema) });
export const listItemSchema = z.union([personListItemSchema, companyListItemSchema]);
export type ListItem = z.infer<typeof listItemSchema>;

/**
 * Renders members with the summary of their person or company: one `BatchGetItem` for the whole
 * page. A member whose record has been deleted since stays a member (it still counts in
 * `item_count` and can be removed) and shows a null summary.
 */
export async function renderListItems(teamId: string, list: Pick<StoredList, 'id' | 'list_type'>, items: StoredListItem[]): Promise<ListItem[]> {
  if (!items.length) return [];
  const keyOf = list.list_type === 'persons' ? personKey : companyKey;
  const records = await forTeam(teamId).getEach<StoredPerson | StoredCompany>(items.map((item) => keyOf(item.member_id)));
  return items.map((item, index) => {
    const row = { id: item.member_id, list_id: list.id, added_at: item.added_at, added_by_team_member_id: item.added_by_team_member_id };
    const record = records[index];
    const live = record && !record.deleted_at ? record : undefined;
    if (list.list_type === 'persons') return { ...row, person: live ? toPersonSummary(live as Stored<StoredPerson>) : null };
    const company = live as Stored<StoredCompany> | undefined;
    return { ...row, company: company ? { id: company.id, name: company.name, domain: company.domain } : null };
  });
}
