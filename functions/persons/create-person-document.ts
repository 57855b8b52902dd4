import * as z from 'zod/mini';
import { createPersonDocumentBody, createPersonDocument as create, maxDocumentBytes } from '../../shared/domain/persons/person-document-upload';
import { personDocumentSchema } from '../../shared/domain/persons/person-documents';
import { createHandler } from '../../shared/http/chain';
import type { HandlerRequest } from '../../shared/http/chain';
import { defineRoute } from '../../shared/http/route';

export const route = defineRoute({
  method: 'POST',
  path: '/v1/persons/{id}/documents',
  tag: 'Person documents',
  summary: 'Add a document to a person',
  description: [
    'Either uploads a file, `{type, title, file_name, content_type, content_base64}`, for every type but `resume_link` and `additional_links`; or stores a link, `{type, title, url}` (an http(s) URL), for those two types. Giving a url to a file type or a file to a link type is a 400.',
    '`content_base64` is standard base64 (line breaks are ignored) of at most 4 MiB (4,194,304 bytes) decoded; a larger file is a 413 `PAYLOAD_TOO_LARGE`, content that is not base64 a 400.',
    'Text is extracted from `text/plain`, `text/html` (tags stripped, entities decoded), `application/pdf` and `application/vnd.openxmlformats-officedocument.wordprocessingml.document` (DOCX), and kept up to 100,000 characters (Unicode code points) with `truncated: true` beyond; `char_count` counts the characters kept. Files of any other media type are stored without text, and so is a file whose text cannot be read (a corrupt PDF): the upload still succeeds, with empty `text_content` and `char_count` 0. Link documents have no text.',
    'Answers the document with its text fields and a signed download `link` (see the list endpoint). A person of another team is a 404.',
  ].join('\n\n'),
  table: 'write',
  documents: 'write',
  successStatus: 201,
  params: z.strictObject({ id: z.uuid() }),
  body: createPersonDocumentBody,
  response: personDocumentSchema,
  // A 4 MiB file is 5.6 MB of base64; Lambda takes at most 6 MB of event, headers included.
  maxBodyBytes: Math.ceil(maxDocumentBytes / 3) * 4 + 64 * 1024,
  errors: [404],
});

export async function createPersonDocument({ principal, params, body, logger }: HandlerRequest<typeof route>) {
  return create(principal.teamId, params.id, body, logger);
}

export const handler = createHandler(route, createPersonDocument);
