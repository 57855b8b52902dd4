import * as z from 'zod/mini';
import type { Principal } from '../../auth/scopes';
import { defineActivityLog } from '../activities/activity-log';
import type { StoredActivity } from '../activities/activity-log';
import { companyActivityTypes } from '../configuration/activity-types';
import { companyKey, findCompany } from './company-store';


export const createCompanyActivityBody = z.strictObject({
  organization_company_id: z.uuid(),
  activity_type: z.string().check(z.minLength(1)),
  activity_content: z.string().check(z.minLength(1), z.maxLength(100_000)),
  /** The team member to attribute the activity to (API keys only; ignored for session and OAuth tokens). */
  team_member_id: z.optional(z.uuid()),
});

/** What `POST /v1/company-activities` answers (specification). */
export const createdCompanyActivitySchema = z.object({ id: z.string(), organization_company_id: z.string(), activity_type: z.string() });

/** An activity as `GET /v1/companies/{id}/activities` lists it. */
export const companyActivitySchema = z.object({
  id: z.string(),
  organization_company_id: z.string(),
  activity_type: z.string(),
  activity_content: z.string(),
  /** The plain-text mirror: equal to `activity_content` unless that is HTML. */
  activity_content_text: z.string(),
  is_html: z.boolean(),
  team_member_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type CompanyActivity = z.infer<typeof companyActivitySchema>;

const toCompanyActivity = ({ subject_id, ...activity }: StoredActivity): CompanyActivity => ({ ...activity, organization_company_id: subject_id });

/** Company activities: logging one makes it the company's `date_of_last_engagement`, in the same transaction. */
const companyActivityLog = defineActivityLog({
  subject: 'COMPANY',
  noun: 'company',
  types: companyActivityTypes,
  typesPath: '/v1/company-activities/types',
  exists: async (teamId, id) => (await findCompany(teamId, id)) !== undefined,
  alsoWrite: (table, companyId, now) => [table.update(companyKey(companyId), 'live', { date_of_last_engagement: now }, { conflictMessage: 'The company was deleted meanwhile' })],
  event: { type: 'company_activity.created', data: (activity) => toCompanyActivity(activity) },
});

/** Logs an activity on a company (`POST /v1/company-activities`). */
export async function createCompanyActivity(principal: Principal, input: z.output<typeof createCompanyActivityBody>): Promise<z.infer<typeof createdCompanyActivitySchema>> {
  const activity = await companyActivityLog.create(
    principal,
    { subjectId: input.organization_company_id, activityType: input.activity_type, content: input.activity_content, teamMemberId: input.team_member_id },
    { subject: 'body.organization_company_id' },
  );
  return { id: activity.id, organization_company_id: activity.subject_id, activity_type: activity.activity_type };
}

/** A company's activities, newest first (`GET /v1/companies/{id}/activities`). */
export async function listCompanyActivities(teamId: string, companyId: string, query: Parameters<typeof companyActivityLog.list>[2]): Promise<{ items: CompanyActivity[]; total: number }> {
  const { items, total } = await companyActivityLog.list(teamId, companyId, query);
  return { items: items.map(toCompanyActivity), total };
}
