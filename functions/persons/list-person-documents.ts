import * as z from 'zod/mini';
import { documentTypeList, includeTextFlag, listPersonDocuments as list, personDocumentSchema } from '../../shared/domain/persons/person-documents';
import { pageQueryShape } from '../../shared/domain/schemas';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { page } from '../../shared/http/envelope';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'GET',
  path: '/v1/persons/{id}/documents',
  tag: 'Person documents',
  summary: "List a person's documents",
  description: [
    'Newest first, paginated. `document_types` keeps only those types (comma-separated keys of: resume_doc, resume_link, cover_letter, reference, additional_links, transcript, work_sample, offer_letter, assessment, other; an unknown key is a 400 naming it). `include_text=true` adds `text_content` (the extracted text, at most 100,000 characters), `char_count` (its characters, as Unicode code points) and `truncated` (true when the document had more) to each document; `false` or omitted gives metadata and links only.',
    'For a file, `link` is a signed download URL that expires after `DOCUMENT_LINK_TTL_SECONDS` (5 minutes unless configured): list again for a fresh one. For `resume_link` and `additional_links`, `link` is the stored URL and the text is empty. A person of another team is a 404.',
  ].join('\n\n'),
  table: 'read',
  documents: 'read',
  params: z.strictObject({ id: z.uuid() }),
  query: z.object({ ...pageQueryShape, include_text: includeTextFlag(), document_types: z.optional(documentTypeList()) }),
  response: personDocumentSchema,
  paginated: true,
  errors: [404],
});

export async function listPersonDocuments({ principal, params, query }: HandlerRequest<typeof route>) {
  const { items, total } = await list(principal.teamId, params.id, { offset: query.offset, limit: query.limit, documentTypes: query.document_types, includeText: query.include_text === 'true' });
  return page(items, { total, offset: query.offset, limit: query.limit });
}

export const handler = createHandler(route, listPersonDocuments);
