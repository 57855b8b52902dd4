import * as z from 'zod/mini';
import { candidateRowSchema } from '../../shared/domain/candidates/candidate-record';
import { listJobCandidatesQuery, listJobCandidates as list } from '../../shared/domain/candidates/candidate-service';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/jobs/{id}/candidates',
  tag: 'Candidates',
  summary: "List a job's candidates",
  description:
    'The candidates of a job, each with a summary of its person (`person: {id, name}`, null once the person is deleted), in creation order (`sort_order`: `desc`, newest first, by default). `stage_id` keeps one pipeline stage of the job (400 when it is not a stage of this job). Another team\'s job answers 404. Cost: a page reads only itself and `meta.total` comes from the job\'s or the stage\'s counter.',
  table: 'read',
  params: z.strictObject({ id: z.uuid() }),
  query: listJobCandidatesQuery,
  response: candidateRowSchema,
  paginated: true,
  errors: [404],
});

export async function listJobCandidates({ principal, params, query }: HandlerRequest<typeof route>) {
  const { items, total } = await list(principal.teamId, params.id, query);
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createHandler(route, listJobCandidates);
