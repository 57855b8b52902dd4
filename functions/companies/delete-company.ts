import * as z from 'zod/mini';
import { deleteCompany as remove } from '../../shared/domain/companies/company-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'DELETE',
  path: '/v1/companies/{id}',
  tag: 'Companies',
  summary: 'Delete a company',
  description: 'Marks the company deleted: it is no longer returned or searched, and client contacts show `company: null`.',
  table: 'write',
  params: z.strictObject({ id: z.uuid() }),
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  errors: [404, 409],
});

export async function deleteCompany({ principal, params }: HandlerRequest<typeof route>) {
  await remove(principal, params.id);
  return { id: params.id, deleted: true as const };
}

export const handler = createHandler(route, deleteCompany);
