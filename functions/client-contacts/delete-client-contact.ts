import * as z from 'zod/mini';
import { deleteClientContact as remove } from '../../shared/domain/client-contacts/client-contact-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'DELETE',
  path: '/v1/client-contacts/{id}',
  tag: 'Client contacts',
  summary: 'Delete a client contact',
  description: 'Marks the contact deleted: it is never listed again, and the person may be linked to that client anew.',
  table: 'write',
  params: z.strictObject({ id: z.uuid() }),
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: [404, 409],
});

export async function deleteClientContact({ principal, params }: HandlerRequest<typeof route>) {
  await remove(principal.teamId, params.id);
  return { id: params.id, deleted: true as const };
}

export const handler = createHandler(route, deleteClientContact);
