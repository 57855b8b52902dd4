import * as z from 'zod/mini';
import type { Principal } from '../../auth/scopes';
import { forTeam } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import { resolveActor } from '../actor';
import { creationSortKey, newId, nowIso } from '../clock';
import { companyActivityTypes } from '../configuration/activity-types';
import { htmlToText, isHtml } from '../html-text';
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

/** A comma-separated list of activity type keys (`activity_types=call_note,email`). */
export const activityTypeList = () =>
  z.pipe(
    z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}(,[a-z][a-z0-9_]{0,63})*$/, 'Expected comma-separated activity type keys')),
    z.transform((value: string) => value.split(',')),
  );

const activityKey = (id: string) => ({ pk: `COMPANY_ACTIVITY#${id}`, sk: 'COMPANY_ACTIVITY' });
/** GSI1: the activities of one company, oldest to newest (`TEAM#<t>#COMPANY_ACTIVITY#<companyId>`). */
const byCompany = (companyId: string) => `COMPANY_ACTIVITY#${companyId}`;
const counter = (companyId: string) => `COMPANY_ACTIVITY#${companyId}`;

/**
 * Logs an activity on a company. The type must be registered for the team and not archived; HTML
 * content is stored with its plain-text mirror. The activity, the company's
 * `date_of_last_engagement` and the company's activity count are written in one transaction.
 */
export async function createCompanyActivity(principal: Principal, input: z.output<typeof createCompanyActivityBody>): Promise<z.infer<typeof createdCompanyActivitySchema>> {
  const teamId = principal.teamId;
  const [types, company, actorId] = await Promise.all([companyActivityTypes.lookup(teamId), findCompany(teamId, input.organization_company_id), resolveActor(principal, input.team_member_id)]);
  const type = types.get(input.activity_type);
  if (!type || type.deleted) {
    throw new ValidationError(`"${input.activity_type}" is not a company activity type of this team (see GET /v1/company-activities/types)`, [{ path: 'body.activity_type', message: 'Not a registered company activity type' }]);
  }
  if (type.is_archived) throw new ValidationError(`The activity type "${input.activity_type}" is archived`, [{ path: 'body.activity_type', message: 'Archived activity types take no new activities' }]);
  if (!company) throw new ValidationError('The company does not exist', [{ path: 'body.organization_company_id', message: 'Not a company of this team' }]);

  const html = isHtml(input.activity_content);
  const now = nowIso();
  const sort = creationSortKey();
  const activity: CompanyActivity = {
    id: newId(),
    organization_company_id: company.id,
    activity_type: input.activity_type,
    activity_content: input.activity_content,
    activity_content_text: html ? htmlToText(input.activity_content) : input.activity_content,
    is_html: html,
    team_member_id: actorId,
    created_at: now,
  };
  const table = forTeam(teamId);
  await table.write([
    table.create(activityKey(activity.id), { ...activity, created_sort: sort }, { entity: 'COMPANY_ACTIVITY', indexes: { GSI1: { pk: byCompany(company.id), sk: sort } }, conflictMessage: 'Activity id collision' }),
    table.update(companyKey(company.id), 'live', { date_of_last_engagement: now }, { conflictMessage: 'The company was deleted meanwhile' }),
    table.increment(counter(company.id), 1),
  ]);
  return { id: activity.id, organization_company_id: activity.organization_company_id, activity_type: activity.activity_type };
}

const toActivity = ({ id, organization_company_id, activity_type, activity_content, activity_content_text, is_html, team_member_id, created_at }: CompanyActivity): CompanyActivity => ({
  id,
  organization_company_id,
  activity_type,
  activity_content,
  activity_content_text,
  is_html,
  team_member_id,
  created_at,
});

/**
 * A company's activities, newest first. Unfiltered, a page reads only itself (GSI1 in reverse)
 * and the total comes from the company's activity counter; with type filters, the company's
 * activities are read once and filtered, so the cost grows with that company's activities.
 */
export async function listCompanyActivities(
  teamId: string,
  companyId: string,
  query: { offset: number; limit: number; activity_types?: string[] | undefined; excluded_activity_types?: string[] | undefined },
): Promise<{ items: CompanyActivity[]; total: number }> {
  if (!(await findCompany(teamId, companyId))) throw new NotFoundError('Company');
  const table = forTeam(teamId);
  if (!query.activity_types && !query.excluded_activity_types) {
    const [items, total] = await Promise.all([
      table.queryPage<CompanyActivity>({ index: 'GSI1', pk: byCompany(companyId), ascending: false, offset: query.offset, limit: query.limit }),
      table.count(counter(companyId)),
    ]);
    return { items: items.map(toActivity), total };
  }
  const included = query.activity_types && new Set(query.activity_types);
  const excluded = new Set(query.excluded_activity_types ?? []);
  const all = await table.queryIndex<CompanyActivity>({ index: 'GSI1', pk: byCompany(companyId), ascending: false });
  const matching = all.filter((activity) => (!included || included.has(activity.activity_type)) && !excluded.has(activity.activity_type));
  return { items: matching.slice(query.offset, query.offset + query.limit).map(toActivity), total: matching.length };
}
