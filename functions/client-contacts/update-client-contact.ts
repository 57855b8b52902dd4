import * as z from 'zod/mini';
import { clientContactSchema } from '../../shared/domain/client-contacts/client-contact-record';
import { updateClientContactBody, updateClientContact as update } from '../../shared/domain/client-contacts/client-contact-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'PATCH',
  path: '/v1/client-contacts/{id}',
  tag: 'Client contacts',
  summary: 'Update a client contact',
  description: 'Changes the status (`null` removes it) or the owners. The person and the client of a contact do not change: delete it and create another.',
  table: 'write',
  params: z.strictObject({ id: z.uuid() }),
  body: updateClientContactBody,
  response: clientContactSchema,
  errors: [404, 409],
});

export async function updateClientContact({ principal, params, body }: HandlerRequest<typeof route>) {
  return update(principal.teamId, params.id, body);
}

export const handler = createHandler(route, updateClientContact);
