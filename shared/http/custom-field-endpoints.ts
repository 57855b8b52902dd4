import * as z from 'zod/mini';
import { createCustomField, createCustomFieldBody, customFieldDefinitionSchema, deleteCustomField, listCustomFields, updateCustomField, updateCustomFieldBody } from '../domain/custom-fields';
import type { CustomFieldScope } from '../domain/custom-fields';
import { createHandler } from './chain';
import { defineRoute } from './route';

/** Endpoint builders of the three custom-field scopes (persons, companies, jobs). */
const tag = 'Custom fields';
const singular = (scope: CustomFieldScope) => scope.slice(0, -1);

/**
 * `GET /v1/custom-fields/<scope>`: global definitions; for persons, `job_id` adds that job's
 * definitions and `list_id` that list's (both combine).
 */
export function listCustomFieldsEndpoint(scope: CustomFieldScope) {
  const route = defineRoute({
    method: 'GET',
    path: `/v1/custom-fields/${scope}`,
    tag,
    summary: `List ${singular(scope)} custom fields`,
    description:
      scope === 'persons'
        ? 'Custom attribute definitions for persons with the tag options of select-type fields. Without parameters only global definitions are returned; `job_id` adds the job-specific definitions of that job, `list_id` the list-specific ones of that list, and both combine. Definition ids are the `attribute_id` of the filters of `POST /v1/persons/search`.'
        : `Custom attribute definitions for ${scope} with the tag options of select-type fields.`,
    table: 'read',
    query: scope === 'persons' ? z.object({ job_id: z.optional(z.uuid()), list_id: z.optional(z.uuid()) }) : z.object({}),
    response: z.array(customFieldDefinitionSchema),
  });
  const handler = createHandler(route, async ({ principal, query }) => {
    const { job_id, list_id } = query as { job_id?: string; list_id?: string };
    return listCustomFields(principal.teamId, scope, { ...(job_id ? { jobId: job_id } : {}), ...(list_id ? { listId: list_id } : {}) });
  });
  return { route, handler };
}

/** `POST /v1/custom-fields/<scope>`: creates a definition (201). */
export function createCustomFieldEndpoint(scope: CustomFieldScope) {
  const route = defineRoute({
    method: 'POST',
    path: `/v1/custom-fields/${scope}`,
    tag,
    summary: `Create a ${singular(scope)} custom field`,
    description: `Creates a definition. \`tags\` (options) are only for single-select and multi-select fields. ${scope === 'persons' ? '`job_id` or `list_id` makes it specific to that job or list.' : '`job_id` and `list_id` are only for person custom fields.'} The data type cannot change later.`,
    table: 'write',
    successStatus: 201,
    body: createCustomFieldBody,
    response: customFieldDefinitionSchema,
  });
  const handler = createHandler(route, async ({ principal, body }) => createCustomField(principal.teamId, scope, body));
  return { route, handler };
}

/** `PATCH /v1/custom-fields/<scope>/{id}`: name, description and tag options. */
export function updateCustomFieldEndpoint(scope: CustomFieldScope) {
  const route = defineRoute({
    method: 'PATCH',
    path: `/v1/custom-fields/${scope}/{id}`,
    tag,
    summary: `Update a ${singular(scope)} custom field`,
    description: '`tags` replaces the options: a tag given with its `id` keeps that id (and the values using it), one without an id is added, and a tag left out is removed (values using it are no longer shown).',
    table: 'write',
    params: z.strictObject({ id: z.uuid() }),
    body: updateCustomFieldBody,
    response: customFieldDefinitionSchema,
    errors: [404, 409],
  });
  const handler = createHandler(route, async ({ principal, params, body }) => updateCustomField(principal.teamId, scope, params.id, body));
  return { route, handler };
}

/** `DELETE /v1/custom-fields/<scope>/{id}`: soft-deletes; its values are no longer shown. */
export function deleteCustomFieldEndpoint(scope: CustomFieldScope) {
  const route = defineRoute({
    method: 'DELETE',
    path: `/v1/custom-fields/${scope}/{id}`,
    tag,
    summary: `Delete a ${singular(scope)} custom field`,
    table: 'write',
    params: z.strictObject({ id: z.uuid() }),
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
    errors: [404, 409],
  });
  const handler = createHandler(route, async ({ principal, params }) => {
    await deleteCustomField(principal.teamId, scope, params.id);
    return { id: params.id, deleted: true as const };
  });
  return { route, handler };
}
