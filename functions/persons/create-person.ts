import { createPersonBody, createPerson as create } from '../../shared/domain/persons/person-creation';
import { createdPersonSchema } from '../../shared/domain/persons/person-record';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v0/persons',
  tag: 'Persons',
  summary: 'Create a person (v0)',
  description: [
    'Creates a person; only `name` is required. Everything the call creates is written in one transaction, so either all of it exists afterwards or none of it does:',
    '1. a current work experience when `company_name` and `current_job_title` are both given;',
    '2. a candidate in the first pipeline stage of the job given by `job_id` or `job_name` (exact, case-insensitive; both given must name the same job; a name shared by several jobs is a 400 asking for `job_id`);',
    '3. a client contact, with the team\'s default client contact status, of the company given by `client_id` or `client_name` (same rules; among several companies of that name the only client wins);',
    '4. contact details: `work_email` (type `work`), `personal_email` (`personal`), `emails` (`other`), `work_phone` (`work`), `mobile_phone` (`mobile`), `phone_numbers` (`other`), in that order, a repeated email (case-insensitively) or phone kept once;',
    '5. `notes` as a person activity of type `secondary_note`, attributed to the session\'s team member (none for API keys).',
    '',
    'A job or client named but not found answers 404 and creates nothing. Every field of the answer is a string: absent values are `""`; `candidate_id` and `client_contact_id` are filled when the call created them. `social_public_id` is derived from `social_url` (the segment after `/in/`, else the last path segment). `enrich_record` is stored; this deployment has no enrichment provider.',
    '',
    'This is a `/v0` endpoint: success is 201 `{error: "", data: person}`, and every failure is `{error: "<message>", data: null}` with the status code (400, 401, 404, 409 for a concurrent conflict, 503).',
  ].join('\n'),
  table: 'write',
  envelope: 'v0',
  successStatus: 201,
  body: createPersonBody,
  response: createdPersonSchema,
  errors: [404, 409],
});

export async function createPerson({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal, body);
}

export const handler = createHandler(route, createPerson);
