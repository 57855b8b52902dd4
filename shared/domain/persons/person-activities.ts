import * as z from 'zod/mini';
import type { Principal } from '../../auth/scopes';
import { defineActivityLog } from '../activities/activity-log';
import type { StoredActivity } from '../activities/activity-log';
import { personActivityTypes } from '../configuration/activity-types';
import { findPerson } from './person-store';

export const createPersonActivityBody = z.strictObject({
  person_id: z.uuid(),
  activity_type: z.string().check(z.minLength(1)),
  activity_content: z.string().check(z.minLength(1), z.maxLength(100_000)),
  /** The team member to attribute the activity to (API keys only; ignored for session and OAuth tokens). */
  team_member_id: z.optional(z.uuid()),
});

/** A person activity as created and listed. */
export const personActivitySchema = z.object({
  id: z.string(),
  person_id: z.string(),
  activity_type: z.string(),
  activity_content: z.string(),
  /** The plain-text mirror: equal to `activity_content` unless that is HTML. */
  activity_content_text: z.string(),
  is_html: z.boolean(),
  team_member_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type PersonActivity = z.infer<typeof personActivitySchema>;

export const toPersonActivity = ({ subject_id, ...activity }: StoredActivity): PersonActivity => ({ ...activity, person_id: subject_id });

/** Person activities (notes, emails, meeting and call notes, custom types). */
export const personActivityLog = defineActivityLog({
  subject: 'PERSON',
  noun: 'person',
  types: personActivityTypes,
  typesPath: '/v1/person-activities/types',
  exists: async (teamId, id) => (await findPerson(teamId, id)) !== undefined,
  event: { type: 'person_activity.created', data: (activity) => toPersonActivity(activity) },
});


/** `POST /v1/person-activities`. */
export async function createPersonActivity(principal: Principal, input: z.output<typeof createPersonActivityBody>): Promise<PersonActivity> {
  const activity = await personActivityLog.create(principal, { subjectId: input.person_id, activityType: input.activity_type, content: input.activity_content, teamMemberId: input.team_member_id }, { subject: 'body.person_id' });
  return toPersonActivity(activity);
}

/** `GET /v1/persons/{id}/activities`: newest first, with type filters. */
export async function listPersonActivities(teamId: string, personId: string, query: Parameters<typeof personActivityLog.list>[2]): Promise<{ items: PersonActivity[]; total: number }> {
  const { items, total } = await personActivityLog.list(teamId, personId, query);
  return { items: items.map(toPersonActivity), total };
}
