import { clientContactSchema } from '../../shared/domain/client-contacts/client-contact-record';
import { listClientContactsQuery, listClientContacts as list } from '../../shared/domain/client-contacts/client-contact-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/client-contacts',
  tag: 'Client contacts',
  summary: 'List client contacts',
  description:
    'Client contacts with their person, company and status (each null when the person record is missing, no company is linked, or no status is set). Filters `person_id`, `client_id`, `client_contact_status_id` combine with AND; a filter naming no record of the team answers 404. Sorted by `sort_by` (`created_at` default, or `updated_at`) in `sort_order` (`desc` default). Deleted contacts are never listed. Cost: with no filter or one filter a page reads only itself (an index per filter and sort column) and `meta.total` comes from a counter; a person filter reads that person\'s contacts; combined filters read the narrowest partition.',
  table: 'read',
  query: listClientContactsQuery,
  response: clientContactSchema,
  paginated: true,
  errors: [404],
});

export async function listClientContacts({ principal, query }: HandlerRequest<typeof route>) {
  const { items, total } = await list(principal.teamId, query);
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createHandler(route, listClientContacts);
