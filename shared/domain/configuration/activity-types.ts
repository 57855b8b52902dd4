import * as z from 'zod/mini';
import { activityTypeKey, displayName } from '../schemas';
import { defineConfigurationList } from './configuration-list';

/** An activity type as the specification shows it (person and company types share the shape). */
export const activityTypeSchema = z.object({
  type: z.string(),
  name: z.string(),
  protected: z.boolean(),
  counts_as_engagement: z.boolean(),
  is_archived: z.boolean(),
  system_generated: z.boolean(),
});

export const createActivityTypeBody = z.strictObject({
  type: z.optional(activityTypeKey()),
  name: displayName(),
  counts_as_engagement: z.optional(z.boolean()),
  is_archived: z.optional(z.boolean()),
});
export const updateActivityTypeBody = z.strictObject({
  name: z.optional(displayName()),
  counts_as_engagement: z.optional(z.boolean()),
  is_archived: z.optional(z.boolean()),
});

const customTypeDefaults = { protected: false, counts_as_engagement: true, is_archived: false, system_generated: false };
const builtIn = (type: string, name: string, countsAsEngagement: boolean) => ({ type, name, protected: true, counts_as_engagement: countsAsEngagement, is_archived: false, system_generated: false });

/**
 * An activity type list: addressed by key, in creation order, built-ins protected. Person and
 * company types differ only in their collection and their built-ins.
 */
function activityTypeList(type: string, label: string, seed: ReturnType<typeof builtIn>[]) {
  return defineConfigurationList({
    type,
    label,
    record: activityTypeSchema,
    addressedBy: 'type',
    order: 'creation',
    uniqueNames: false,
    singleDefault: false,
    createDefaults: customTypeDefaults,
    seed,
  });
}

/** Activity types of persons (extensions.md section 4: all built-ins protected). */
export const personActivityTypes = activityTypeList('PERSON_ACTIVITY_TYPE', 'Person activity type', [
  builtIn('secondary_note', 'Note', false),
  builtIn('email', 'Email', true),
  builtIn('meeting_note', 'Meeting note', true),
  builtIn('call_note', 'Call note', true),
]);

/** Activity types of companies. */
export const companyActivityTypes = activityTypeList('COMPANY_ACTIVITY_TYPE', 'Company activity type', [
  builtIn('secondary_note', 'Note', false),
  builtIn('call_note', 'Call note', true),
  builtIn('meeting_note', 'Meeting note', true),
  builtIn('email', 'Email', true),
]);
