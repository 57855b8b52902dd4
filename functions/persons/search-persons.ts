import { page } from '../../shared/http/envelope';
import { personRowSchema } from '../../shared/domain/persons/person-record';
import { searchPersonsBody, searchPersons as search } from '../../shared/domain/persons/person-search';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/persons/search',
  tag: 'Persons',
  summary: 'Search persons',
  description: [
    'Every criterion given must hold (AND):',
    '- `keywords`: each is a case-insensitive substring of the name, first or last name, current title, current company, a work experience\'s company or title, or an email;',
    '- `job_id`: candidates of that job (a job of the team, else 400);',
    '- `list_id`: members of that saved list (a persons list of the team, else 400);',
    '- `select_attribute_filters` `{attribute_id, tag_ids, operator}`: `any` (default) has at least one of the tags, `all` has every one, `none` has none of them (persons without a value included);',
    '- `numeric_attribute_filters` `{attribute_id, min?, max?}` and `date_attribute_filters` `{attribute_id, start?, end?}` (dates `YYYY-MM-DD`): a value within the bounds, both inclusive; without bounds, any value;',
    '- `team_member_attribute_filters` `{attribute_id, team_member_ids}` and `company_attribute_filters` `{attribute_id, company_ids}`: at least one of the ids.',
    '',
    'Attribute and tag ids come from `GET /v1/custom-fields/persons`. An unknown attribute id, a tag that is not an option of the field, bounds out of order, or a filter kind that does not fit the field\'s `data_type` (select: single-select and multi-select; numeric: integer and number; date: date; team member: multi-team-member; company: multi-company) is a 400 naming the filter in `details`.',
    '',
    '`sort_by` `created_at` (default), `updated_at` or `name` (case-insensitive), `sort_order` `desc` by default. Rows are person records without `candidate_ids` and `client_contact_id` (read `GET /v1/persons/{id}` for them). Cost: without keywords, filters, `job_id` or `list_id`, one index page of `offset + limit` persons; with `job_id` or `list_id`, the job\'s candidates or the list\'s members; otherwise every person of the team is read once.',
  ].join('\n'),
  table: 'read',
  body: searchPersonsBody,
  response: personRowSchema,
  paginated: true,
});

export async function searchPersons({ principal, body }: HandlerRequest<typeof route>) {
  const { items, total } = await search(principal.teamId, body);
  return page(items, { total, offset: body.offset, limit: body.limit });
}

export const handler = createHandler(route, searchPersons);
