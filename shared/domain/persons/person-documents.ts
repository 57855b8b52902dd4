import * as z from 'zod/mini';
import { eventWrite } from '../../events/event-outbox';
import { forTeam } from '../../db/repository';
import type { Stored } from '../../db/repository';
import { deleteObjects, readObjectText, signedDownloadLink } from '../../documents/object-store';
import { NotFoundError } from '../../http/errors';
import type { Logger } from '../../logging/logger';
import { nowIso } from '../clock';
import { findPerson } from './person-store';

/**
 * Person documents (specification, "Person document"; extensions.md section 3). A document is an
 * item in its person's collection, `TEAM#<t>#PERSON#<personId>` / `DOCUMENT#<ULID>` (entity
 * `DOCUMENT`), so a person's documents are one `Query` in creation order. An uploaded file lives in
 * the documents bucket at `<teamId>/<personId>/<documentId>`, its extracted text beside it at
 * `<key>.txt` (the item keeps only `char_count` and `truncated`, so it stays small). Link types keep
 * the URL itself and have no file and no text.
 */

/** The document type keys of the specification. */
export const documentTypes = ['resume_doc', 'resume_link', 'cover_letter', 'reference', 'additional_links', 'transcript', 'work_sample', 'offer_letter', 'assessment', 'other'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** The types whose document is a URL rather than a file. */
export const linkDocumentTypes: readonly DocumentType[] = ['resume_link', 'additional_links'];

export const isLinkType = (type: DocumentType) => linkDocumentTypes.includes(type);

/** A document as stored. */
export interface StoredPersonDocument {
  id: string;
  person_id: string;
  type: DocumentType;
  title: string;
  /** Link types: the URL. Files: `null`. */
  url: string | null;
  /** Files: where the bytes are. Link types: `null`. */
  object_key: string | null;
  file_name: string | null;
  content_type: string | null;
  size_bytes: number | null;
  /** Code points of extracted text kept in `<object_key>.txt` (0: no text object). */
  char_count: number;
  truncated: boolean;
  created_at: string;
  updated_at: string;
}

/** A document as the API answers it; the text fields only with `include_text=true` (and on upload). */
export const personDocumentSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  type: z.enum(documentTypes),
  title: z.string(),
  /** Files: a signed download URL that expires; link types: the stored URL. */
  link: z.string(),
  file_name: z.nullable(z.string()),
  content_type: z.nullable(z.string()),
  size_bytes: z.nullable(z.number()),
  text_content: z.optional(z.string()),
  char_count: z.optional(z.number()),
  truncated: z.optional(z.boolean()),
});
export type PersonDocument = z.infer<typeof personDocumentSchema>;

/**
 * `document_types` of the list query: comma-separated keys, each one of {@link documentTypes};
 * an unknown key is a 400 naming it.
 */
export const documentTypeList = () =>
  z.pipe(
    z.string(),
    z.transform((value: string, context) => {
      const keys = value.split(',').map((key) => key.trim());
      const unknown = keys.filter((key) => !(documentTypes as readonly string[]).includes(key));
      if (unknown.length) {
        context.issues.push({ code: 'custom', input: value, message: `Unknown document type ${unknown.map((key) => `"${key}"`).join(', ')}; expected comma-separated keys of: ${documentTypes.join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(keys)] as DocumentType[];
    }),
  );

/** `include_text`: `true` or `false`. */
export const includeTextFlag = () => z.optional(z.enum(['true', 'false']));

/** Key of a document item: `TEAM#<t>#PERSON#<personId>` / `DOCUMENT#<ULID>`. */
export const personDocumentKey = (personId: string, sort: string) => ({ pk: `PERSON#${personId}`, sk: `DOCUMENT#${sort}` });

/** Where an uploaded file is kept in the documents bucket. */
export const documentObjectKey = (teamId: string, personId: string, documentId: string) => `${teamId}/${personId}/${documentId}`;

/** Where the extracted text of a file is kept: beside it. */
export const documentTextKey = (objectKey: string) => `${objectKey}.txt`;

/**
 * A person's live documents, oldest first (`Query` of `TEAM#<t>#PERSON#<personId>`, sort keys
 * beginning `DOCUMENT#`: a person has a handful).
 */
/**
 * What document events carry: the document's metadata, without a download link (links expire in
 * minutes; a receiver lists the person's documents for a fresh one) and without its text.
 */
export const documentEventData = ({ id, person_id, type, title, url, file_name, content_type, size_bytes, created_at, updated_at }: StoredPersonDocument) => ({
  id,
  person_id,
  type,
  title,
  url,
  file_name,
  content_type,
  size_bytes,
  created_at,
  updated_at,
});

export async function readPersonDocuments(teamId: string, personId: string): Promise<Stored<StoredPersonDocument>[]> {
  const items = await forTeam(teamId).queryCollection<StoredPersonDocument>(`PERSON#${personId}`, { skBeginsWith: 'DOCUMENT#' });
  return items.filter((item) => !item.deleted_at);
}

/**
 * The API row of a document: a fresh signed link for a file, the URL for a link type; with
 * `text`, the text fields.
 */
export async function renderPersonDocument(document: StoredPersonDocument, text?: string): Promise<PersonDocument> {
  const link = document.object_key ? await signedDownloadLink(document.object_key, document.file_name ?? document.id) : (document.url ?? '');
  return {
    id: document.id,
    created_at: document.created_at,
    updated_at: document.updated_at,
    type: document.type,
    title: document.title,
    link,
    file_name: document.file_name,
    content_type: document.content_type,
    size_bytes: document.size_bytes,
    ...(text === undefined ? {} : { text_content: text, char_count: document.char_count, truncated: document.truncated }),
  };
}

/** The stored text of a document ('' when it has none). */
async function documentText(document: StoredPersonDocument): Promise<string> {
  if (!document.object_key || document.char_count === 0) return '';
  return (await readObjectText(documentTextKey(document.object_key))) ?? '';
}

/**
 * `GET /v1/persons/{id}/documents`: newest first, filtered by type, one page. The page's links are
 * signed and, with `includeText`, its texts read from the bucket in parallel.
 */
export async function listPersonDocuments(
  teamId: string,
  personId: string,
  query: { offset: number; limit: number; documentTypes?: DocumentType[] | undefined; includeText: boolean },
): Promise<{ items: PersonDocument[]; total: number }> {
  const [person, documents] = await Promise.all([findPerson(teamId, personId), readPersonDocuments(teamId, personId)]);
  if (!person) throw new NotFoundError('Person');
  const wanted = query.documentTypes && new Set(query.documentTypes);
  const matching = documents.filter((document) => !wanted || wanted.has(document.type)).reverse();
  const pageItems = matching.slice(query.offset, query.offset + query.limit);
  const items = await Promise.all(
    pageItems.map(async (document) => renderPersonDocument(document, query.includeText ? await documentText(document) : undefined)),
  );
  return { items, total: matching.length };
}

/**
 * `DELETE /v1/persons/{id}/documents/{document_id}`: marks the item deleted, then deletes the file
 * and its text. The document is gone once the item is marked; objects a failed deletion leaves
 * behind are logged (they are unreachable: links are only signed for live documents).
 */
export async function deletePersonDocument(teamId: string, personId: string, documentId: string, logger: Logger): Promise<void> {
  const [person, documents] = await Promise.all([findPerson(teamId, personId), readPersonDocuments(teamId, personId)]);
  if (!person) throw new NotFoundError('Person');
  const document = documents.find((candidate) => candidate.id === documentId);
  if (!document?.created_sort) throw new NotFoundError('Document');
  const table = forTeam(teamId);
  const now = nowIso();
  await table.write([
    table.update(personDocumentKey(personId, document.created_sort), 'live', { deleted_at: now, updated_at: now }, { conflictMessage: 'The document was deleted meanwhile' }),
    eventWrite(table, { type: 'person_document.deleted', subject: 'plain', snapshot: { ...documentEventData(document), updated_at: now }, extra: { deleted_at: now }, timestamp: now }),
  ]);
  if (!document.object_key) return;
  try {
    await deleteObjects([document.object_key, documentTextKey(document.object_key)]);
  } catch (error) {
    logger.error('could not delete the objects of a deleted document', { error, document_id: documentId, object_key: document.object_key });
  }
}
