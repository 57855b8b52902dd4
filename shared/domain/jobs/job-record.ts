import * as z from 'zod/mini';
import { hasScope } from '../../auth/scopes';
import type { Principal } from '../../auth/scopes';
import { forTeam } from '../../db/repository';
import type { Stored, TeamKey } from '../../db/repository';
import { companyKey } from '../companies/company-store';
import type { StoredCompany } from '../companies/company-store';
import { dealStatuses } from '../configuration/deal-statuses';
import { feeStatuses } from '../configuration/fee-statuses';
import { jobRoles } from '../configuration/job-roles';
import { jobStatuses } from '../configuration/job-statuses';
import { customFieldReferences, customFieldValueSchema, renderCustomFieldValuesWith } from '../custom-field-values';
import { definitionKey, toDefinition } from '../custom-fields';
import type { CustomFieldDefinition } from '../custom-fields';
import { personKey } from '../persons/person-store';
import type { StoredPerson } from '../persons/person-store';
import { memberKey } from '../team-members';
import type { TeamMember } from '../team-members';
import { feesSchema, renderFees } from './fees';
import type { StoredFeeEvent } from './fees';
import type { StoredDealLink, StoredJob } from './job-store';

/** The full job record (specification, "Job (full record)"). */
export const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  is_archived: z.boolean(),
  client_company_name: z.nullable(z.string()),
  client_company_id: z.nullable(z.string()),
  client_company_domain: z.nullable(z.string()),
  client_company_social_url: z.nullable(z.string()),
  job_status_name: z.nullable(z.string()),
  job_status_id: z.nullable(z.string()),
  candidate_count: z.number(),
  location: z.nullable(z.string()),
  primary_url: z.nullable(z.string()),
  job_function: z.nullable(z.string()),
  open_date: z.nullable(z.string()),
  end_date: z.nullable(z.string()),
  currency_code: z.string(),
  salary_range: z.nullable(z.string()),
  salary_min: z.nullable(z.number()),
  salary_max: z.nullable(z.number()),
  salary_details: z.nullable(z.string()),
  billing_contact_name: z.nullable(z.string()),
  billing_contact_email: z.nullable(z.string()),
  fee: z.nullable(z.number()),
  description: z.nullable(z.string()),
  team_members: z.array(z.object({ team_member_id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string(), role_id: z.string(), role_name: z.nullable(z.string()) })),
  client_contacts: z.array(z.object({ id: z.string(), client_contact_id: z.string(), person_id: z.string(), name: z.nullable(z.string()) })),
  linked_deals: z.optional(
    z.array(
      z.object({
        deal_id: z.string(),
        deal_job_id: z.string(),
        name: z.string(),
        amount: z.nullable(z.number()),
        currency_code: z.string(),
        deal_status_id: z.string(),
        deal_status_name: z.nullable(z.string()),
        deal_status_color: z.nullable(z.string()),
      }),
    ),
  ),
  fees: z.optional(feesSchema),
  custom_fields: z.optional(z.array(customFieldValueSchema)),
  pipeline_stages: z.array(z.object({ id: z.string(), name: z.string(), stage_order: z.number(), is_rejection_stage: z.boolean(), is_interviewing_stage: z.boolean() })),
});
export type Job = z.infer<typeof jobSchema>;

/** `[min,max)`: lower bound inclusive, upper exclusive; an open side is left empty; null without bounds. */
export function salaryRange(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  return `[${min ?? ''},${max ?? ''})`;
}

/** What a job read may include beyond the base record. */
export interface JobSections {
  linkedDeals: boolean;
  fees: boolean;
  customFields: boolean;
}

/**
 * Sections a principal may see: for API keys and OAuth tokens, `linked_deals` needs `deals:read`
 * and `fees` needs `compensation:read`; session tokens see everything. Missing sections are
 * omitted, not emptied.
 */
export function sectionsFor(principal: Principal): JobSections {
  return { linkedDeals: hasScope(principal, 'deals:read'), fees: hasScope(principal, 'compensation:read'), customFields: true };
}

type Referenced = StoredPerson & StoredCompany & TeamMember & { status_type: string; color: string } & Record<string, unknown>;

/**
 * Renders jobs from their stored items. Everything they reference by key (status, roles, members,
 * client company, contact persons, deal and fee statuses, custom field definitions and the members
 * and companies their values name) is read in one `BatchGetItem` for the whole set.
 */
export async function renderJobs(
  teamId: string,
  jobs: { job: Stored<StoredJob>; dealLinks?: StoredDealLink[]; feeEvents?: (StoredFeeEvent & { created_sort?: string })[] }[],
  sections: JobSections,
): Promise<Job[]> {
  const keys: TeamKey[] = [];
  const want = (key: TeamKey) => keys.push(key);
  for (const { job, dealLinks = [], feeEvents = [] } of jobs) {
    if (job.job_status_id) want(jobStatuses.keyOf(job.job_status_id));
    if (job.client_company_id) want(companyKey(job.client_company_id));
    for (const member of job.team_members) {
      want(memberKey(member.team_member_id));
      want(jobRoles.keyOf(member.role_id));
    }
    for (const contact of job.client_contacts) want(personKey(contact.person_id));
    if (sections.linkedDeals) for (const link of dealLinks) want(dealStatuses.keyOf(link.deal_status_id));
    if (sections.fees) for (const event of feeEvents) want(feeStatuses.keyOf(event.fee_status_id));
    if (sections.customFields) {
      const references = customFieldReferences(job.custom_fields);
      references.attributeIds.forEach((id) => want(definitionKey('jobs', id)));
      references.memberIds.forEach((id) => want(memberKey(id)));
      references.companyIds.forEach((id) => want(companyKey(id)));
    }
  }
  const found = keys.length ? await forTeam(teamId).getEach<Referenced>(keys) : [];
  const byKey = new Map(keys.map((key, index) => [`${key.pk}|${key.sk}`, found[index]]));
  /** Configuration records (statuses, roles) still name what uses them after they are deleted. */
  const any = (key: TeamKey) => byKey.get(`${key.pk}|${key.sk}`);
  /** Members, companies, persons and definitions count only while they live. */
  const live = (key: TeamKey) => {
    const item = any(key);
    return item && !item.deleted_at ? item : undefined;
  };

  return jobs.map(({ job, dealLinks = [], feeEvents = [] }) => {
    const status = job.job_status_id ? any(jobStatuses.keyOf(job.job_status_id)) : undefined;
    const company = job.client_company_id ? live(companyKey(job.client_company_id)) : undefined;
    const record: Job = {
      id: job.id,
      name: job.name,
      created_at: job.created_at,
      updated_at: job.updated_at,
      is_archived: job.is_archived,
      client_company_name: company?.name ?? null,
      client_company_id: job.client_company_id,
      client_company_domain: company?.domain ?? null,
      client_company_social_url: company?.social_url ?? null,
      job_status_name: status?.name ?? null,
      job_status_id: job.job_status_id,
      candidate_count: job.candidate_count,
      location: job.location,
      primary_url: job.primary_url,
      job_function: job.job_function,
      open_date: job.open_date,
      end_date: job.end_date,
      currency_code: job.currency_code,
      salary_range: salaryRange(job.salary_min, job.salary_max),
      salary_min: job.salary_min,
      salary_max: job.salary_max,
      salary_details: job.salary_details,
      billing_contact_name: job.billing_contact_name,
      billing_contact_email: job.billing_contact_email,
      fee: job.fee,
      description: job.description,
      team_members: job.team_members.flatMap((entry) => {
        const member = live(memberKey(entry.team_member_id));
        if (!member) return [];
        const role = any(jobRoles.keyOf(entry.role_id));
        return [{ team_member_id: member.id, email: member.email, first_name: member.first_name, last_name: member.last_name, role_id: entry.role_id, role_name: role?.name ?? null }];
      }),
      client_contacts: job.client_contacts.map((contact) => ({ id: contact.id, client_contact_id: contact.client_contact_id, person_id: contact.person_id, name: live(personKey(contact.person_id))?.name ?? null })),
      pipeline_stages: [...job.pipeline_stages].sort((a, b) => a.stage_order - b.stage_order),
    };
    if (sections.linkedDeals) {
      // By deal name, then link id: a stable order whatever the link ids are.
      const ordered = [...dealLinks].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.deal_job_id < b.deal_job_id ? -1 : 1));
      record.linked_deals = ordered.map((link) => {
        const dealStatus = any(dealStatuses.keyOf(link.deal_status_id));
        return { deal_id: link.deal_id, deal_job_id: link.deal_job_id, name: link.name, amount: link.amount, currency_code: link.currency_code, deal_status_id: link.deal_status_id, deal_status_name: dealStatus?.name ?? null, deal_status_color: dealStatus?.color ?? null };
      });
    }
    if (sections.fees) {
      const statuses = new Map<string, Referenced>();
      for (const event of feeEvents) {
        const feeStatus = any(feeStatuses.keyOf(event.fee_status_id));
        if (feeStatus) statuses.set(event.fee_status_id, feeStatus);
      }
      record.fees = renderFees(job.retainer, feeEvents, statuses);
    }
    if (sections.customFields) {
      const references = customFieldReferences(job.custom_fields);
      // Definition order is creation order (ULIDs compare as text).
      const definitions = references.attributeIds
        .map((id) => live(definitionKey('jobs', id)) as unknown as Stored<CustomFieldDefinition> | undefined)
        .filter((item): item is Stored<CustomFieldDefinition> => item !== undefined)
        .sort((a, b) => ((a.created_sort ?? '') < (b.created_sort ?? '') ? -1 : 1))
        .map(toDefinition);
      const members = new Map<string, Referenced>();
      for (const id of references.memberIds) {
        const member = live(memberKey(id));
        if (member) members.set(id, member);
      }
      const companies = new Map<string, Referenced>();
      for (const id of references.companyIds) {
        const referenced = live(companyKey(id));
        if (referenced) companies.set(id, referenced);
      }
      record.custom_fields = renderCustomFieldValuesWith(job.custom_fields, definitions, members, companies);
    }
    return record;
  });
}
