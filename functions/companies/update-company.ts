import * as z from 'zod/mini';
import { companySchema } from '../../shared/domain/companies/company-record';
import { updateCompanyBody, updateCompany as update } from '../../shared/domain/companies/company-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'PATCH',
  path: '/v1/companies/{id}',
  tag: 'Companies',
  summary: 'Update a company',
  description: 'Changes the fields given; `custom_fields` entries replace the values of the attributes they name and leave the others. Answers the full record.',
  table: 'write',
  params: z.strictObject({ id: z.uuid() }),
  body: updateCompanyBody,
  response: companySchema,
  errors: [404, 409],
});

export async function updateCompany({ principal, params, body }: HandlerRequest<typeof route>) {
  return update(principal, params.id, body);
}

export const handler = createHandler(route, updateCompany);
