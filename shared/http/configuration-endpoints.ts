import * as z from 'zod/mini';
import type { ConfigurationList } from '../domain/configuration/configuration-list';
import { activityTypeKey } from '../domain/schemas';
import { createHandler } from './chain';
import { defineRoute } from './route';

/**
 * Endpoint builders shared by the eight configuration lists (statuses, roles, activity types):
 * each handler file names its path and schemas and gets the same behaviour as its siblings.
 */
interface EndpointOptions {
  /** The collection path, e.g. `/v1/deals/statuses`. */
  path: string;
  tag: string;
  description?: string;
}

const lowerLabel = (list: ConfigurationList) => list.spec.label.toLowerCase();
const plural = (label: string) => (label.endsWith('s') ? `${label}es` : `${label}s`);

function addressParams(list: ConfigurationList) {
  return list.spec.addressedBy === 'id' ? z.strictObject({ id: z.uuid() }) : z.strictObject({ type: activityTypeKey() });
}

function itemPath(list: ConfigurationList, path: string) {
  return `${path}/{${list.spec.addressedBy}}`;
}

function addressOf(list: ConfigurationList, params: Record<string, string>) {
  return params[list.spec.addressedBy] as string;
}

/** `GET <path>`: the whole list in one answer, without pagination; archivable lists take `include_archived=true`. */
export function listConfigurationEndpoint(list: ConfigurationList, options: EndpointOptions & { archivable?: boolean }) {
  const route = defineRoute({
    method: 'GET',
    path: options.path,
    tag: options.tag,
    summary: `List ${plural(lowerLabel(list))}`,
    description: options.description ?? `Every ${lowerLabel(list)} of the team in one response, without pagination.`,
    table: 'read',
    query: options.archivable ? z.object({ include_archived: z.optional(z.literal('true')) }) : z.object({}),
    response: z.array(list.spec.record),
  });
  const handler = createHandler(route, async ({ principal, query }) =>
    list.list(principal.teamId, { includeArchived: (query as { include_archived?: string }).include_archived === 'true' }),
  );
  return { route, handler };
}

/** `POST <path>`: creates a record (201); 409 when its name or key is taken. */
export function createConfigurationEndpoint<B extends z.ZodMiniType>(list: ConfigurationList, options: EndpointOptions & { body: B }) {
  const route = defineRoute({
    method: 'POST',
    path: options.path,
    tag: options.tag,
    summary: `Create a ${lowerLabel(list)}`,
    description: options.description ?? `Creates a ${lowerLabel(list)}. Only \`name\` is required; the rest takes the defaults shown.`,
    table: 'write',
    successStatus: 201,
    body: options.body,
    response: list.spec.record,
    errors: [409],
  });
  const handler = createHandler(route, async ({ principal, body }) => list.create(principal.teamId, body as Record<string, unknown>));
  return { route, handler };
}

/** `PATCH <path>/{id}`: changes the fields given. */
export function updateConfigurationEndpoint<B extends z.ZodMiniType>(list: ConfigurationList, options: EndpointOptions & { body: B }) {
  const route = defineRoute({
    method: 'PATCH',
    path: itemPath(list, options.path),
    tag: options.tag,
    summary: `Update a ${lowerLabel(list)}`,
    description: options.description ?? `Changes the fields given. Making a record the default demotes the previous default.`,
    table: 'write',
    params: addressParams(list),
    body: options.body,
    response: list.spec.record,
    errors: [404, 409],
  });
  const handler = createHandler(route, async ({ principal, params, body }) =>
    list.update(principal.teamId, addressOf(list, params as Record<string, string>), body as Record<string, unknown>),
  );
  return { route, handler };
}

/** `DELETE <path>/{id}`: soft-deletes; built-in and default records are refused with 409. */
export function deleteConfigurationEndpoint(list: ConfigurationList, options: EndpointOptions) {
  const route = defineRoute({
    method: 'DELETE',
    path: itemPath(list, options.path),
    tag: options.tag,
    summary: `Delete a ${lowerLabel(list)}`,
    description: options.description ?? `Marks the ${lowerLabel(list)} deleted: it is no longer listed or addressable. Built-in and default records cannot be deleted (409).`,
    table: 'write',
    params: addressParams(list),
    response: z.object({ [list.spec.addressedBy]: z.string(), deleted: z.literal(true) }),
    errors: [404, 409],
  });
  const handler = createHandler(route, async ({ principal, params }) => {
    const address = addressOf(list, params as Record<string, string>);
    await list.remove(principal.teamId, address);
    return { [list.spec.addressedBy]: address, deleted: true as const };
  });
  return { route, handler };
}
