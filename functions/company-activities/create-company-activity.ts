import { createCompanyActivityBody, createCompanyActivity as create, createdCompanyActivitySchema } from '../../shared/domain/companies/company-activities';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/company-activities',
  tag: 'Company activities',
  summary: 'Log an activity on a company',
  description:
    '`activity_type` must be a key registered for the team and not archived (see `GET /v1/company-activities/types`). `activity_content` is plain text or HTML: HTML (any tag) is detected and stored together with a plain-text mirror. The activity becomes the company\'s `date_of_last_engagement`.',
  table: 'write',
  successStatus: 201,
  body: createCompanyActivityBody,
  response: createdCompanyActivitySchema,
});

export async function createCompanyActivity({ principal, body }: HandlerRequest<typeof route>) {
  return create(principal, body);
}

export const handler = createHandler(route, createCompanyActivity);
