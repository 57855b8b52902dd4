import { clientContactSchema } from '../../shared/domain/client-contacts/client-contact-record';
import { createClientContactBody, createClientContact as create } from '../../shared/domain/client-contacts/client-contact-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/client-contacts',
  tag: 'Client contacts',
  summary: 'Create a client contact',
  description: 'Links a person to a client company. The status defaults to the team\'s default client contact status (`null` sets none). One live contact per person and client: a second answers 409.',
  table: 'write',
  successStatus: 201,
  body: createClientContactBody,
  response: clientContactSchema,
  errors: [409],
});

export async function createClientContact({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal.teamId, body);
}

export const handler = createHandler(route, createClientContact);
