import * as z from 'zod/mini';
import type { Principal } from '../../auth/scopes';
import { forTeam } from '../../db/repository';
import type { TeamTable, WriteOperation } from '../../db/repository';
import { NotFoundError, ValidationError } from '../../http/errors';
import { resolveActor } from '../actor';
import { creationSortKey, newId, nowIso } from '../clock';
import type { ConfigurationList } from '../configuration/configuration-list';
import { htmlToText, isHtml } from '../html-text';
import type { EventType } from '../../events/event-catalogue';
import { eventWrite } from '../../events/event-outbox';

/** A comma-separated list of activity type keys (`activity_types=call_note,email`). */
export const activityTypeList = () =>
  z.pipe(
    z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}(,[a-z][a-z0-9_]{0,63})*$/, 'Expected comma-separated activity type keys')),
    z.transform((value: string) => value.split(',')),
  );

/** An activity as stored and listed; `subject_id` is named after the subject in the API (`person_id`, `organization_company_id`). */
export interface StoredActivity {
  id: string;
  subject_id: string;
  activity_type: string;
  activity_content: string;
  /** The plain-text mirror: equal to `activity_content` unless that is HTML. */
  activity_content_text: string;
  is_html: boolean;
  team_member_id: string | null;
  created_at: string;
}

/** How the activities of one kind of record (persons, companies) are kept. */
export interface ActivityLogSpec {
  /** `PERSON` or `COMPANY`: names the items and index partitions. */
  subject: string;
  /** Singular noun for messages, e.g. `company`. */
  noun: string;
  /** The activity types registered for this kind of record, and where they are listed. */
  types: ConfigurationList;
  typesPath: string;
  /** Whether the record exists and is live. */
  exists: (teamId: string, id: string) => Promise<boolean>;
  /** Extra writes of the same transaction, e.g. stamping the record's last engagement. */
  alsoWrite?: (table: TeamTable, subjectId: string, now: string) => WriteOperation[];
  /** The event each new activity emits, with the activity as the API shows it as its data. */
  event: { type: EventType; data: (activity: StoredActivity) => object };
}

/**
 * An activity log: activities keyed `TEAM#<t>#<SUBJECT>_ACTIVITY#<id>`, listed through GSI1
 * (`TEAM#<t>#<SUBJECT>_ACTIVITY#<subjectId>`, creation order) with a per-record counter.
 * Types must be registered for the team and not archived; HTML content is detected and stored
 * with a plain-text mirror (extensions.md section 2).
 */
export function defineActivityLog(spec: ActivityLogSpec) {
  const entity = `${spec.subject}_ACTIVITY`;
  const activityKey = (id: string) => ({ pk: `${entity}#${id}`, sk: entity });
  const partition = (subjectId: string) => `${entity}#${subjectId}`;

  const toActivity = ({ id, subject_id, activity_type, activity_content, activity_content_text, is_html, team_member_id, created_at }: StoredActivity): StoredActivity => ({
    id,
    subject_id,
    activity_type,
    activity_content,
    activity_content_text,
    is_html,
    team_member_id,
    created_at,
  });

  /** The writes that store one activity (and its count, and the spec's extra writes), for composing into a larger transaction. */
  function writesFor(table: TeamTable, input: { subjectId: string; activityType: string; content: string; actorId: string | null; now: string }): { activity: StoredActivity; writes: WriteOperation[] } {
    const html = isHtml(input.content);
    const sort = creationSortKey();
    const activity: StoredActivity = {
      id: newId(),
      subject_id: input.subjectId,
      activity_type: input.activityType,
      activity_content: input.content,
      activity_content_text: html ? htmlToText(input.content) : input.content,
      is_html: html,
      team_member_id: input.actorId,
      created_at: input.now,
    };
    return {
      activity,
      writes: [
        table.create(activityKey(activity.id), { ...activity, created_sort: sort }, { entity, indexes: { GSI1: { pk: partition(input.subjectId), sk: sort } }, conflictMessage: 'Activity id collision' }),
        ...(spec.alsoWrite?.(table, input.subjectId, input.now) ?? []),
        table.increment(partition(input.subjectId), 1),
        eventWrite(table, { type: spec.event.type, subject: 'plain', snapshot: spec.event.data(activity), timestamp: input.now }),
      ],
    };
  }

  return {
    writesFor,

    /**
     * Logs an activity. `paths` names the body fields in validation details. The activity, its
     * count and the spec's extra writes are one transaction.
     */
    async create(principal: Principal, input: { subjectId: string; activityType: string; content: string; teamMemberId?: string | undefined }, paths: { subject: string }): Promise<StoredActivity> {
      const teamId = principal.teamId;
      const [types, exists, actorId] = await Promise.all([spec.types.lookup(teamId), spec.exists(teamId, input.subjectId), resolveActor(principal, input.teamMemberId)]);
      const type = types.get(input.activityType);
      if (!type || type.deleted) {
        throw new ValidationError(`"${input.activityType}" is not a ${spec.noun} activity type of this team (see GET ${spec.typesPath})`, [{ path: 'body.activity_type', message: `Not a registered ${spec.noun} activity type` }]);
      }
      if (type.is_archived) throw new ValidationError(`The activity type "${input.activityType}" is archived`, [{ path: 'body.activity_type', message: 'Archived activity types take no new activities' }]);
      if (!exists) throw new ValidationError(`The ${spec.noun} does not exist`, [{ path: paths.subject, message: `Not a ${spec.noun} of this team` }]);

      const table = forTeam(teamId);
      const { activity, writes } = writesFor(table, { subjectId: input.subjectId, activityType: input.activityType, content: input.content, actorId, now: nowIso() });
      await table.write(writes);
      return activity;
    },

    /**
     * A record's activities, newest first. Unfiltered, a page reads only itself (GSI1 in reverse)
     * and the total comes from the record's activity counter; with type filters, the record's
     * activities are read once and filtered, so the cost grows with that record's activities.
     */
    async list(
      teamId: string,
      subjectId: string,
      query: { offset: number; limit: number; activity_types?: string[] | undefined; excluded_activity_types?: string[] | undefined },
    ): Promise<{ items: StoredActivity[]; total: number }> {
      if (!(await spec.exists(teamId, subjectId))) throw new NotFoundError(spec.noun[0]?.toUpperCase() + spec.noun.slice(1));
      const table = forTeam(teamId);
      if (!query.activity_types && !query.excluded_activity_types) {
        const [items, total] = await Promise.all([
          table.queryPage<StoredActivity>({ index: 'GSI1', pk: partition(subjectId), ascending: false, offset: query.offset, limit: query.limit }),
          table.count(partition(subjectId)),
        ]);
        return { items: items.map(toActivity), total };
      }
      const included = query.activity_types && new Set(query.activity_types);
      const excluded = new Set(query.excluded_activity_types ?? []);
      const all = await table.queryIndex<StoredActivity>({ index: 'GSI1', pk: partition(subjectId), ascending: false });
      const matching = all.filter((activity) => (!included || included.has(activity.activity_type)) && !excluded.has(activity.activity_type));
      return { items: matching.slice(query.offset, query.offset + query.limit).map(toActivity), total: matching.length };
    },
  };
}
