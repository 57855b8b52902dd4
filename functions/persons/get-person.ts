import { personSchema } from '../../shared/domain/persons/person-record';
import { getPerson as readPerson } from '../../shared/domain/persons/person-service';
import { idParams } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/persons/{id}',
  tag: 'Persons',
  summary: 'Get a person',
  description:
    'The full person: the creation fields, `first_name`, `last_name`, `social_url` (and the `social_public_id` derived from it), `emails` and `phones` with their `contact_data_type` (work, personal, mobile or other), `work_experiences`, `candidate_ids` (the person\'s candidacies, oldest first), `client_contact_id` (the most recently created live client contact of the person, or null), custom field values (one entry per value) and timestamps. Absent values are null.',
  table: 'read',
  params: idParams,
  response: personSchema,
  errors: [404],
});

export async function getPerson({ principal, params }: HandlerRequest<typeof route>) {
  return readPerson(principal.teamId, params.id);
}

export const handler = createHandler(route, getPerson);
