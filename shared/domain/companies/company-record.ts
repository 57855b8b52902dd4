import * as z from 'zod/mini';
import type { Stored } from '../../db/repository';
import { companyClientStatuses } from '../configuration/company-client-statuses';
import { customFieldValueSchema, renderCustomFieldValues } from '../custom-field-values';
import { getTeamMembersById } from '../team-members';
import type { TeamMember } from '../team-members';
import type { StoredCompany } from './company-store';

const memberSummary = z.object({ id: z.string(), first_name: z.string(), last_name: z.string() });

/** The full company record (specification, "Company (full record)"). */
export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.nullable(z.string()),
  social_url: z.nullable(z.string()),
  social_id: z.nullable(z.number()),
  location: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  description: z.nullable(z.string()),
  is_client: z.boolean(),
  do_not_contact: z.boolean(),
  do_not_contact_metadata: z.nullable(
    z.object({
      reason: z.nullable(z.string()),
      do_not_contact_added_by: z.nullable(z.string()),
      date_added: z.string(),
      last_updated_at: z.string(),
      last_updated_by: z.nullable(z.string()),
      expiration_date: z.nullable(z.string()),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.nullable(memberSummary),
  date_of_last_engagement: z.nullable(z.string()),
  client_status: z.nullable(z.object({ id: z.string(), name: z.string() })),
  enriched_company: z.nullable(z.object({ id: z.string(), name: z.string(), domain: z.nullable(z.string()), social_url: z.nullable(z.string()) })),
  owners: z.array(memberSummary),
  custom_fields: z.optional(z.array(customFieldValueSchema)),
});
export type Company = z.infer<typeof companySchema>;

const summarise = (member: TeamMember) => ({ id: member.id, first_name: member.first_name, last_name: member.last_name });

/**
 * Renders companies as full records. What they reference is read once for the whole set: one
 * `BatchGetItem` for owners and editors, one `Query` of the client statuses (and, with custom
 * fields, the definitions and referenced names).
 */
export async function renderCompanies(teamId: string, companies: Stored<StoredCompany>[], options: { customFields: boolean }): Promise<Company[]> {
  const memberIds = companies.flatMap((company) => [...company.owner_ids, ...(company.updated_by_id ? [company.updated_by_id] : [])]);
  const [members, statuses] = await Promise.all([
    getTeamMembersById(teamId, memberIds),
    companies.some((company) => company.client_status_id) ? companyClientStatuses.lookup(teamId) : Promise.resolve(new Map()),
  ]);
  return Promise.all(
    companies.map(async (company) => {
      const status = company.client_status_id ? statuses.get(company.client_status_id) : undefined;
      const editor = company.updated_by_id ? members.get(company.updated_by_id) : undefined;
      const record: Company = {
        id: company.id,
        name: company.name,
        domain: company.domain,
        social_url: company.social_url,
        social_id: company.social_id,
        location: company.location,
        phone: company.phone,
        description: company.description,
        is_client: company.is_client,
        do_not_contact: company.do_not_contact,
        do_not_contact_metadata: company.do_not_contact_metadata,
        created_at: company.created_at,
        updated_at: company.updated_at,
        updated_by: editor ? summarise(editor) : null,
        date_of_last_engagement: company.date_of_last_engagement,
        client_status: status ? { id: status.id, name: status.name } : null,
        // Filled by a company-data enrichment provider; this deployment has none.
        enriched_company: null,
        owners: company.owner_ids.flatMap((id) => {
          const owner = members.get(id);
          return owner ? [summarise(owner)] : [];
        }),
      };
      if (options.customFields) record.custom_fields = await renderCustomFieldValues(teamId, 'companies', company.custom_fields);
      return record;
    }),
  );
}
