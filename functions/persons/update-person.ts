import { personSchema } from '../../shared/domain/persons/person-record';
import { updatePersonBody, updatePerson as update } from '../../shared/domain/persons/person-service';
import { idParams } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'PATCH',
  path: '/v1/persons/{id}',
  tag: 'Persons',
  summary: 'Update a person',
  description:
    'Changes the fields given; the others stay. Text fields other than `name` take null to clear them. `emails`, `phones` and `work_experiences` replace the whole list: a repeated email (case-insensitively) or phone is kept once, and a work experience keeps its `id` when given one of the person\'s (an unknown id is a 400; leave it out to add one). `custom_fields` changes only the attributes it names (`null` or `[]` clears one), validated against the person custom field definitions (global, job-specific and list-specific). The person\'s candidacies and client contacts are changed through their own endpoints. A concurrent change answers 409. Answers the full person.',
  table: 'write',
  params: idParams,
  body: updatePersonBody,
  response: personSchema,
  errors: [404, 409],
});

export async function updatePerson({ principal, params, body }: HandlerRequest<typeof route>) {
  return update(principal.teamId, params.id, body);
}

export const handler = createHandler(route, updatePerson);
