import * as z from 'zod/mini';
import { eventWrite } from '../events/event-outbox';
import { forTeam } from '../db/repository';
import type { Stored, TeamTable, WriteOperation } from '../db/repository';
import { NotFoundError, ValidationError } from '../http/errors';
import { creationSortKey, newId, nowIso } from './clock';
import { findJob } from './jobs/job-store';
import { findList } from './lists/list-store';
import { displayName, hexColor } from './schemas';

/** The records custom fields can be defined on. */
export const customFieldScopes = ['persons', 'companies', 'jobs'] as const;
export type CustomFieldScope = (typeof customFieldScopes)[number];

/** Data types of the specification plus `text` and `number` (extensions.md section 2). */
export const customFieldDataTypes = ['single-select', 'multi-select', 'integer', 'date', 'multi-company', 'multi-team-member', 'text', 'number'] as const;
export type CustomFieldDataType = (typeof customFieldDataTypes)[number];

const selectTypes: ReadonlySet<CustomFieldDataType> = new Set(['single-select', 'multi-select']);

export const customFieldTagSchema = z.object({ id: z.string(), name: z.string(), color: z.string(), description: z.nullable(z.string()) });

/** A custom field definition (specification, "Custom field definition"). */
export const customFieldDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  data_type: z.enum(customFieldDataTypes),
  job_id: z.nullable(z.string()),
  list_id: z.nullable(z.string()),
  tags: z.array(customFieldTagSchema),
});
export type CustomFieldDefinition = z.infer<typeof customFieldDefinitionSchema>;

const newTag = z.strictObject({ name: displayName(), color: hexColor(), description: z.optional(z.nullable(z.string().check(z.maxLength(1000)))) });

export const createCustomFieldBody = z.strictObject({
  name: displayName(),
  description: z.optional(z.string().check(z.maxLength(1000))),
  data_type: z.enum(customFieldDataTypes),
  job_id: z.optional(z.nullable(z.uuid())),
  list_id: z.optional(z.nullable(z.uuid())),
  tags: z.optional(z.array(newTag).check(z.maxLength(500))),
});

/** Tags given with `id` keep that option (and the values that use it); without, they are new; omitted ones are removed. */
export const updateCustomFieldBody = z.strictObject({
  name: z.optional(displayName()),
  description: z.optional(z.string().check(z.maxLength(1000))),
  tags: z.optional(z.array(z.extend(newTag, { id: z.optional(z.uuid()) })).check(z.maxLength(500))),
});

const collection = (scope: CustomFieldScope) => `CUSTOM_FIELD#${scope}`;
/** Key of a definition, for batch reads that fetch it beside other records. */
export const definitionKey = (scope: CustomFieldScope, id: string) => ({ pk: collection(scope), sk: `ID#${id}` });

export const toDefinition = (stored: Stored<CustomFieldDefinition>): CustomFieldDefinition => ({
  id: stored.id,
  name: stored.name,
  description: stored.description,
  data_type: stored.data_type,
  job_id: stored.job_id,
  list_id: stored.list_id,
  tags: stored.tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color, description: tag.description ?? null })),
});

function checkTagsAllowed(dataType: CustomFieldDataType, tags: unknown[] | undefined): void {
  if (tags?.length && !selectTypes.has(dataType)) {
    throw new ValidationError(`Only single-select and multi-select fields have tags; this field is ${dataType}`, [{ path: 'body.tags', message: `Not allowed for data type ${dataType}` }]);
  }
}

/**
 * Every live definition of a scope, in creation order (one `Query` of the collection
 * `TEAM#<t>#CUSTOM_FIELD#<scope>`; definitions number in the tens).
 */
export async function listAllCustomFields(teamId: string, scope: CustomFieldScope): Promise<CustomFieldDefinition[]> {
  const items = await forTeam(teamId).queryCollection<CustomFieldDefinition>(collection(scope), { skBeginsWith: 'ID#' });
  return items
    .filter((item) => !item.deleted_at)
    .sort((a, b) => ((a.created_sort ?? '') < (b.created_sort ?? '') ? -1 : 1))
    .map(toDefinition);
}

/**
 * The definitions `GET /v1/custom-fields/<scope>` answers: the global ones, plus the job-specific
 * ones of `jobId` and the list-specific ones of `listId` when given.
 */
export async function listCustomFields(teamId: string, scope: CustomFieldScope, filter: { jobId?: string; listId?: string } = {}): Promise<CustomFieldDefinition[]> {
  const all = await listAllCustomFields(teamId, scope);
  return all.filter(
    (definition) =>
      (definition.job_id === null && definition.list_id === null) ||
      (filter.jobId !== undefined && definition.job_id === filter.jobId) ||
      (filter.listId !== undefined && definition.list_id === filter.listId),
  );
}

/** Creates a definition; tags get ids, and only select types may have them. */
export async function createCustomField(teamId: string, scope: CustomFieldScope, input: z.output<typeof createCustomFieldBody>): Promise<CustomFieldDefinition> {
  checkTagsAllowed(input.data_type, input.tags);
  if (scope !== 'persons' && (input.job_id || input.list_id)) {
    throw new ValidationError('Only person custom fields can be specific to a job or a list', [{ path: input.job_id ? 'body.job_id' : 'body.list_id', message: `Not allowed for ${scope} custom fields` }]);
  }
  if (input.job_id && input.list_id) {
    throw new ValidationError('A custom field is specific to a job or to a list, not both', [{ path: 'body.list_id', message: 'Give job_id or list_id, not both' }]);
  }
  if (input.job_id && !(await findJob(teamId, input.job_id))) {
    throw new ValidationError('The job does not exist', [{ path: 'body.job_id', message: 'Not a job of this team' }]);
  }
  if (input.list_id) {
    // A person field specific to a list applies to the list's members, so the list holds persons.
    const list = await findList(teamId, input.list_id);
    if (!list) throw new ValidationError('The list does not exist', [{ path: 'body.list_id', message: 'Not a list of this team' }]);
    if (list.list_type !== 'persons') throw new ValidationError('A person custom field can only be specific to a persons list', [{ path: 'body.list_id', message: 'Not a persons list' }]);
  }
  const definition: CustomFieldDefinition = {
    id: newId(),
    name: input.name,
    description: input.description ?? '',
    data_type: input.data_type,
    job_id: input.job_id ?? null,
    list_id: input.list_id ?? null,
    tags: (input.tags ?? []).map((tag) => ({ id: newId(), name: tag.name, color: tag.color, description: tag.description ?? null })),
  };
  const table = forTeam(teamId);
  const now = nowIso();
  await table.write([
    table.create(definitionKey(scope, definition.id), { ...definition, scope, created_at: now, updated_at: now, created_sort: creationSortKey() }, { entity: 'CUSTOM_FIELD', conflictMessage: 'Custom field id collision' }),
    definitionEvent(table, 'configuration.created', scope, definition, now),
  ]);
  return definition;
}

/** The event of a definition change: the definition with the list it belongs to (`CUSTOM_FIELD#<scope>`). */
function definitionEvent(table: TeamTable, type: 'configuration.created' | 'configuration.updated' | 'configuration.deleted', scope: CustomFieldScope, definition: CustomFieldDefinition, now: string, extra: Record<string, unknown> = {}): WriteOperation {
  return eventWrite(table, { type, subject: 'plain', snapshot: { list: `CUSTOM_FIELD#${scope}`, ...definition }, extra, timestamp: now });
}

async function readDefinition(teamId: string, scope: CustomFieldScope, id: string) {
  const stored = await forTeam(teamId).get<CustomFieldDefinition>(definitionKey(scope, id));
  if (!stored || stored.deleted_at) throw new NotFoundError('Custom field');
  return stored;
}

/** Renames, re-describes or replaces the tag options of a definition (its data type is fixed). */
export async function updateCustomField(teamId: string, scope: CustomFieldScope, id: string, changes: z.output<typeof updateCustomFieldBody>): Promise<CustomFieldDefinition> {
  const current = await readDefinition(teamId, scope, id);
  const next: CustomFieldDefinition = { ...toDefinition(current) };
  if (changes.name !== undefined) next.name = changes.name;
  if (changes.description !== undefined) next.description = changes.description;
  if (changes.tags !== undefined) {
    checkTagsAllowed(current.data_type, changes.tags);
    const known = new Set(current.tags.map((tag) => tag.id));
    const details = changes.tags.flatMap((tag, index) => (tag.id && !known.has(tag.id) ? [{ path: `body.tags.${index}.id`, message: 'Not a tag of this custom field' }] : []));
    if (details.length) throw new ValidationError('Tags given with an id must be tags of this custom field', details);
    next.tags = changes.tags.map((tag) => ({ id: tag.id ?? newId(), name: tag.name, color: tag.color, description: tag.description ?? null }));
  }
  const table = forTeam(teamId);
  const now = nowIso();
  await table.write([
    table.update(definitionKey(scope, id), current.version, { name: next.name, description: next.description, tags: next.tags, updated_at: now }, { conflictMessage: 'The custom field changed concurrently; retry' }),
    definitionEvent(table, 'configuration.updated', scope, next, now),
  ]);
  return next;
}

/** Soft-deletes a definition; values stored for it are no longer shown. */
export async function deleteCustomField(teamId: string, scope: CustomFieldScope, id: string): Promise<void> {
  const current = await readDefinition(teamId, scope, id);
  const table = forTeam(teamId);
  const now = nowIso();
  await table.write([
    table.update(definitionKey(scope, id), current.version, { deleted_at: now, updated_at: now }, { conflictMessage: 'The custom field changed concurrently; retry' }),
    definitionEvent(table, 'configuration.deleted', scope, toDefinition(current), now, { deleted_at: now }),
  ]);
}
