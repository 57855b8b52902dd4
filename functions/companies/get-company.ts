import * as z from 'zod/mini';
import { companySchema } from '../../shared/domain/companies/company-record';
import { getCompany as readCompany } from '../../shared/domain/companies/company-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/companies/{id}',
  tag: 'Companies',
  summary: 'Get a company',
  description:
    'The company with client status, owners, `updated_by`, do-not-contact data, `date_of_last_engagement` (the latest activity on the company) and custom field values. `include` lists extra sections, comma-separated: the only one is `custom_fields`, which is also the default; `include=` (empty) returns the base fields only. `enriched_company` is filled by a company-data enrichment provider; this deployment has none, so it is null.',
  table: 'read',
  params: z.strictObject({ id: z.uuid() }),
  query: z.object({ include: z.optional(z.string().check(z.regex(/^(custom_fields(,custom_fields)*)?$/, 'The only section is custom_fields'))) }),
  response: companySchema,
  errors: [404],
});

export async function getCompany({ principal, params, query }: HandlerRequest<typeof route>) {
  return readCompany(principal.teamId, params.id, { customFields: query.include !== '' });
}

export const handler = createHandler(route, getCompany);
