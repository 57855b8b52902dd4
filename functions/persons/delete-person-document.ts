import * as z from 'zod/mini';
import { deletePersonDocument as remove } from '../../shared/domain/persons/person-documents';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'DELETE',
  path: '/v1/persons/{id}/documents/{document_id}',
  tag: 'Person documents',
  summary: 'Delete a document of a person',
  description: 'Marks the document deleted and deletes its file and text: it is never listed again and its links stop working. A document of another person or team, or one already deleted, is a 404.',
  table: 'write',
  documents: 'write',
  params: z.strictObject({ id: z.uuid(), document_id: z.uuid() }),
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: [404, 409],
});

export async function deletePersonDocument({ principal, params, logger }: HandlerRequest<typeof route>) {
  await remove(principal.teamId, params.id, params.document_id, logger);
  return { id: params.document_id, deleted: true as const };
}

export const handler = createHandler(route, deletePersonDocument);
