import * as z from 'zod/mini';
import { eventWrite } from '../../events/event-outbox';
import { forTeam } from '../../db/repository';
import { deleteObjects, putObject } from '../../documents/object-store';
import { extractText, isExtractable } from '../../documents/text-extraction';
import type { ExtractedText } from '../../documents/text-extraction';
import { ApiError, NotFoundError, ValidationError } from '../../http/errors';
import type { ErrorDetail } from '../../http/errors';
import type { Logger } from '../../logging/logger';
import { creationSortKey, newId, nowIso } from '../clock';
import { documentObjectKey, documentTextKey, documentTypes, isLinkType, linkDocumentTypes, personDocumentKey, renderPersonDocument } from './person-documents';
import type { PersonDocument, StoredPersonDocument } from './person-documents';
import { documentEventData } from './person-documents';
import { findPerson } from './person-store';

/**
 * `POST /v1/persons/{id}/documents`, kept apart from the rest of person documents because it is the
 * only path that extracts text (and so the only bundle carrying pdf.js and mammoth).
 */

/** The largest file accepted, decoded: 4 MiB. */
export const maxDocumentBytes = 4 * 1024 * 1024;

/** `type/subtype` with optional parameters (`text/plain; charset=utf-8`). */
const mediaTypePattern = /^[A-Za-z0-9][\w!#$&^.+-]{0,126}\/[A-Za-z0-9][\w!#$&^.+-]{0,126}(\s*;\s*[\w!#$&^.+-]+=("[^"]*"|[^;\s]*))*\s*$/;

export const createPersonDocumentBody = z.strictObject({
  type: z.enum(documentTypes),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  /** Files: the name the download link gives the file. */
  file_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(255))),
  /** Files: the media type, e.g. `application/pdf`. */
  content_type: z.optional(z.string().check(z.regex(mediaTypePattern, 'Expected a media type such as application/pdf'))),
  /** Files: the bytes, standard base64 (line breaks allowed), at most 4 MiB decoded. */
  content_base64: z.optional(z.string()),
  /** Link types: an http(s) URL. */
  url: z.optional(z.url({ protocol: /^https?$/ }).check(z.maxLength(2048))),
});
export type CreatePersonDocumentInput = z.output<typeof createPersonDocumentBody>;

const fileFields = ['file_name', 'content_type', 'content_base64'] as const;
// Checked with a flat pattern and the length: a grouped repetition overflows the regex stack on megabytes.
const base64Alphabet = /^[A-Za-z0-9+/]*={0,2}$/;
const isBase64 = (text: string) => text.length % 4 === 0 && base64Alphabet.test(text);

/**
 * What the body asks to store: a link, or a file with its decoded size. Reports every problem of
 * the body's form at once (400); a file over {@link maxDocumentBytes} is a 413.
 */
function readUpload(input: CreatePersonDocumentInput): { kind: 'link'; url: string } | { kind: 'file'; fileName: string; contentType: string; base64: string } {
  const details: ErrorDetail[] = [];
  const linkTypes = linkDocumentTypes.join(', ');
  let base64 = '';
  if (isLinkType(input.type)) {
    if (input.url === undefined) details.push({ path: 'body.url', message: `Required for link document types (${linkTypes})` });
    for (const field of fileFields) if (input[field] !== undefined) details.push({ path: `body.${field}`, message: `Link document types (${linkTypes}) take a url, not a file` });
  } else {
    if (input.url !== undefined) details.push({ path: 'body.url', message: `Only link document types (${linkTypes}) take a url; upload the file instead` });
    for (const field of fileFields) if (input[field] === undefined) details.push({ path: `body.${field}`, message: `Required for a file document (every type but ${linkTypes})` });
    if (input.content_base64 !== undefined) {
      base64 = input.content_base64.replace(/[\r\n\t ]+/g, '');
      if (!base64) details.push({ path: 'body.content_base64', message: 'The file is empty' });
      else if (!isBase64(base64)) details.push({ path: 'body.content_base64', message: 'Not valid base64 (standard alphabet with = padding)' });
    }
  }
  if (details.length) {
    throw new ValidationError(details.length === 1 ? `Invalid document: ${(details[0] as ErrorDetail).path}: ${(details[0] as ErrorDetail).message}` : `Invalid document: ${details.length} problems, see details`, details);
  }
  if (isLinkType(input.type)) return { kind: 'link', url: input.url as string };
  const size = (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (size > maxDocumentBytes) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The file is ${size} bytes; documents are at most ${maxDocumentBytes} bytes (4 MiB)`);
  return { kind: 'file', fileName: input.file_name as string, contentType: input.content_type as string, base64 };
}

/**
 * The text kept for a file. A file that cannot be parsed (a corrupt PDF) is stored without text
 * rather than refused: the file itself is still what the user uploaded.
 */
async function textOf(bytes: Uint8Array, contentType: string, logger: Logger): Promise<ExtractedText> {
  if (!isExtractable(contentType)) return { text: '', charCount: 0, truncated: false };
  try {
    return await extractText(bytes, contentType);
  } catch (error) {
    logger.warn('text extraction failed; the document is stored without text', { error, content_type: contentType });
    return { text: '', charCount: 0, truncated: false };
  }
}

/**
 * Stores a document of a person. A file and its text are put in the bucket before the item is
 * written, so a listed document always has its objects; objects of a write that fails are removed.
 * Answers the new row with its text fields.
 */
export async function createPersonDocument(teamId: string, personId: string, input: CreatePersonDocumentInput, logger: Logger): Promise<PersonDocument> {
  const upload = readUpload(input);
  if (!(await findPerson(teamId, personId))) throw new NotFoundError('Person');

  const id = newId();
  const sort = creationSortKey();
  const now = nowIso();
  const document: StoredPersonDocument = {
    id,
    person_id: personId,
    type: input.type,
    title: input.title,
    url: null,
    object_key: null,
    file_name: null,
    content_type: null,
    size_bytes: null,
    char_count: 0,
    truncated: false,
    created_at: now,
    updated_at: now,
  };
  let text = '';
  const objectKeys: string[] = [];
  if (upload.kind === 'link') {
    document.url = upload.url;
  } else {
    const bytes = Buffer.from(upload.base64, 'base64');
    const extracted = await textOf(bytes, upload.contentType, logger);
    const objectKey = documentObjectKey(teamId, personId, id);
    Object.assign(document, { object_key: objectKey, file_name: upload.fileName, content_type: upload.contentType, size_bytes: bytes.length, char_count: extracted.charCount, truncated: extracted.truncated });
    text = extracted.text;
    objectKeys.push(objectKey);
    if (text) objectKeys.push(documentTextKey(objectKey));
    await Promise.all([putObject(objectKey, bytes, upload.contentType), ...(text ? [putObject(documentTextKey(objectKey), text, 'text/plain; charset=utf-8')] : [])]);
  }

  const table = forTeam(teamId);
  try {
    await table.write([
      table.create(personDocumentKey(personId, sort), { ...document, created_sort: sort }, { entity: 'DOCUMENT', conflictMessage: 'Document id collision' }),
      eventWrite(table, { type: 'person_document.created', subject: 'plain', snapshot: documentEventData(document), timestamp: document.created_at }),
    ]);
  } catch (error) {
    await deleteObjects(objectKeys).catch((cleanupError: unknown) => logger.error('could not remove the objects of a document that was not stored', { error: cleanupError, object_keys: objectKeys }));
    throw error;
  }
  return renderPersonDocument(document, text);
}
