import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../support/local-api';
import type { TestApi } from '../../support/local-api';
import { markPersonDeleted, storePerson } from '../../support/persons';

/** A minimal valid PDF: one page, one text object per line in standard Helvetica, a correct xref table. */
function buildPdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);
  const content = lines.map((line, index) => `BT /F1 12 Tf 72 ${720 - index * 16} Td (${escape(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A minimal DOCX (content types, package relationship, main document) with one paragraph per entry. */
async function buildDocx(paragraphs: string[]): Promise<Buffer> {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p>`).join('')}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const fileBody = (bytes: Buffer, fields: { type?: string; title?: string; file_name?: string; content_type?: string } = {}) => ({
  type: 'resume_doc',
  title: 'Résumé',
  file_name: 'resume.txt',
  content_type: 'text/plain',
  ...fields,
  content_base64: bytes.toString('base64'),
});

/** The bytes a link answers, with its status. */
async function download(link: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const response = await fetch(link);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

const documentPath = (personId: string) => `/v1/persons/${personId}/documents`;

describe('Person documents', () => {
  let api: TestApi;
  let person: { id: string };
  beforeAll(async () => {
    api = await startTestApi();
    person = await storePerson(api.teamA.team_id, { name: 'Dana Document' });
  });
  afterAll(async () => api.close());

  const upload = (body: unknown, personId = person.id, token?: string) => api.request('POST', documentPath(personId), { body, ...(token ? { token } : {}) });
  const list = (query = '', personId = person.id) => api.request('GET', `${documentPath(personId)}${query}`);

  describe('POST /v1/persons/{id}/documents', () => {
    it('uploads a text file (201) and answers the row with its text and a link serving the same bytes', async () => {
      const bytes = Buffer.from('Dana Document\r\nTypeScript, AWS\n', 'utf8');
      const response = await upload(fileBody(bytes, { file_name: 'dana cv.txt' }));
      expect(response.status).toBe(201);
      expect(response.body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updated_at: response.body.data.created_at,
        type: 'resume_doc',
        title: 'Résumé',
        link: expect.stringContaining('X-Amz-Signature='),
        file_name: 'dana cv.txt',
        content_type: 'text/plain',
        size_bytes: bytes.length,
        text_content: 'Dana Document\nTypeScript, AWS',
        char_count: 29,
        truncated: false,
      });
      const fetched = await download(response.body.data.link);
      expect(fetched.status).toBe(200);
      expect(fetched.bytes.equals(bytes)).toBe(true);
      expect(fetched.headers.get('content-disposition')).toBe(`attachment; filename="dana cv.txt"; filename*=UTF-8''dana%20cv.txt`);
    });

    it('extracts the text of HTML, PDF and DOCX files, and the links serve the uploaded bytes', async () => {
      const owner = await storePerson(api.teamA.team_id, { name: 'Extracted Person' });
      const files = [
        { bytes: Buffer.from('<html><head><style>p{}</style></head><body><h1>Cover&nbsp;letter</h1><p>I would <b>love</b> to join &amp; help.</p></body></html>'), content_type: 'text/html; charset=utf-8', file_name: 'cover.html', type: 'cover_letter', text: 'Cover letter\nI would love to join & help.' },
        { bytes: buildPdf(['Dana Document (Senior Engineer)', 'Skills: TypeScript, AWS']), content_type: 'application/pdf', file_name: 'cv.pdf', type: 'resume_doc', text: 'Dana Document (Senior Engineer)\nSkills: TypeScript, AWS' },
        { bytes: await buildDocx(['Reference for Dana', 'Reliable & thorough <always>']), content_type: docxType, file_name: 'reference.docx', type: 'reference', text: 'Reference for Dana\n\nReliable & thorough <always>' },
      ];
      for (const file of files) {
        const response = await upload(fileBody(file.bytes, { type: file.type, file_name: file.file_name, content_type: file.content_type }), owner.id);
        expect(response.status, file.file_name).toBe(201);
        expect(response.body.data.text_content, file.file_name).toBe(file.text);
      }

      const listed = await list('?include_text=true', owner.id);
      expect(listed.status).toBe(200);
      const rows = listed.body.data as Record<string, any>[];
      expect(rows.map((row) => row.file_name)).toEqual(['reference.docx', 'cv.pdf', 'cover.html']);
      for (const file of files) {
        const row = rows.find((candidate) => candidate.file_name === file.file_name)!;
        expect(row, file.file_name).toMatchObject({ type: file.type, content_type: file.content_type, size_bytes: file.bytes.length, text_content: file.text, char_count: [...file.text].length, truncated: false });
        const fetched = await download(row.link);
        expect(fetched.status, file.file_name).toBe(200);
        expect(fetched.bytes.equals(file.bytes), file.file_name).toBe(true);
      }
    });

    it('caps the text at 100,000 characters with truncated true, counting characters rather than UTF-16 units', async () => {
      const text = `${'😀'.repeat(60_000)}${'a'.repeat(60_000)}`;
      const response = await upload(fileBody(Buffer.from(text, 'utf8'), { title: 'Long notes', type: 'other' }));
      expect(response.status).toBe(201);
      const listed = await list('?include_text=true&document_types=other');
      const [row] = listed.body.data;
      expect(row).toMatchObject({ id: response.body.data.id, char_count: 100_000, truncated: true });
      expect(row.text_content).toBe(`${'😀'.repeat(60_000)}${'a'.repeat(40_000)}`);
      expect((await download(row.link)).bytes.toString('utf8')).toBe(text);
    });

    it('stores a file of another media type, or one whose text cannot be read, without text', async () => {
      const owner = await storePerson(api.teamA.team_id, { name: 'Binary Person' });
      const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3, 255]);
      const png = await upload(fileBody(image, { type: 'work_sample', file_name: 'sample.png', content_type: 'image/png' }), owner.id);
      expect(png.status).toBe(201);
      expect(png.body.data).toMatchObject({ content_type: 'image/png', size_bytes: image.length, text_content: '', char_count: 0, truncated: false });
      const corrupt = Buffer.from('%PDF-1.7 this is not really a PDF');
      const pdf = await upload(fileBody(corrupt, { type: 'transcript', file_name: 'broken.pdf', content_type: 'application/pdf' }), owner.id);
      expect(pdf.status).toBe(201);
      expect(pdf.body.data).toMatchObject({ text_content: '', char_count: 0, truncated: false });
      const fetched = await download(pdf.body.data.link);
      expect(fetched.bytes.equals(corrupt)).toBe(true);
      expect((await download(png.body.data.link)).bytes.equals(image)).toBe(true);
    });

    it('stores a link type with its URL as the link, and no text', async () => {
      const owner = await storePerson(api.teamA.team_id, { name: 'Linked Person' });
      const response = await upload({ type: 'resume_link', title: 'LinkedIn', url: 'https://www.linkedin.com/in/dana-document' }, owner.id);
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ type: 'resume_link', title: 'LinkedIn', link: 'https://www.linkedin.com/in/dana-document', file_name: null, content_type: null, size_bytes: null, text_content: '', char_count: 0, truncated: false });
      expect((await upload({ type: 'additional_links', title: 'Portfolio', url: 'http://dana.example.com/work?x=1' }, owner.id)).status).toBe(201);
      const listed = await list('?include_text=true', owner.id);
      expect(listed.body.data.map((row: { link: string; text_content: string; char_count: number }) => [row.link, row.text_content, row.char_count])).toEqual([
        ['http://dana.example.com/work?x=1', '', 0],
        ['https://www.linkedin.com/in/dana-document', '', 0],
      ]);
    });

    it('refuses a file over 4 MiB decoded with 413 PAYLOAD_TOO_LARGE, and takes exactly 4 MiB', async () => {
      const owner = await storePerson(api.teamA.team_id, { name: 'Large Person' });
      const tooLarge = await upload(fileBody(Buffer.alloc(4 * 1024 * 1024 + 1, 0x61), { content_type: 'application/octet-stream', file_name: 'big.bin', type: 'other' }), owner.id);
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      const exact = Buffer.alloc(4 * 1024 * 1024, 0x62);
      const accepted = await upload(fileBody(exact, { content_type: 'application/octet-stream', file_name: 'exact.bin', type: 'other' }), owner.id);
      expect(accepted.status).toBe(201);
      expect(accepted.body.data.size_bytes).toBe(exact.length);
      expect((await download(accepted.body.data.link)).bytes.equals(exact)).toBe(true);
      expect((await list('', owner.id)).body.meta.total).toBe(1);
    });

    it('refuses content that is not base64, and an empty file, with 400', async () => {
      for (const content_base64 of ['not base64!', 'abc', 'YWJj=', '']) {
        const response = await upload({ ...fileBody(Buffer.from('x')), content_base64 });
        expect(response.status, content_base64).toBe(400);
        expect(response.body.error.details, content_base64).toEqual([{ path: 'body.content_base64', message: expect.any(String) }]);
      }
      // Line breaks, as `base64` prints them, are fine.
      const wrapped = Buffer.from('line wrapped content '.repeat(10)).toString('base64').replace(/(.{76})/g, '$1\n');
      const response = await upload({ ...fileBody(Buffer.from('x')), content_base64: wrapped });
      expect(response.status).toBe(201);
      expect(response.body.data.text_content).toBe('line wrapped content '.repeat(10).trim());
    });

    it('refuses a url on a file type, a file on a link type, and missing fields, naming each', async () => {
      const fileWithUrl = await upload({ ...fileBody(Buffer.from('x')), url: 'https://example.com/cv' });
      expect(fileWithUrl.status).toBe(400);
      expect(fileWithUrl.body.error.details).toEqual([{ path: 'body.url', message: expect.stringContaining('link document types') }]);

      const linkWithFile = await upload({ ...fileBody(Buffer.from('x'), { type: 'resume_link' }), url: 'https://example.com/cv' });
      expect(linkWithFile.status).toBe(400);
      expect(linkWithFile.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['body.file_name', 'body.content_type', 'body.content_base64']);

      const linkWithoutUrl = await upload({ type: 'additional_links', title: 'Nothing' });
      expect(linkWithoutUrl.body.error.details).toEqual([{ path: 'body.url', message: expect.stringContaining('Required') }]);

      const fileWithoutContent = await upload({ type: 'cover_letter', title: 'Nothing' });
      expect(fileWithoutContent.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['body.file_name', 'body.content_type', 'body.content_base64']);

      const invalid = await upload({ type: 'passport', title: '', url: 'ftp://example.com/x', extra: true });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['body.extra', 'body.title', 'body.type', 'body.url']);
      expect((await upload({ ...fileBody(Buffer.from('x')), content_type: 'not a type' })).status).toBe(400);
      expect((await list('', person.id)).body.data.every((row: { title: string }) => row.title !== 'Nothing')).toBe(true);
    });

    it("answers 404 for an unknown, deleted or another team's person", async () => {
      const theirs = await storePerson(api.teamB.team_id, { name: 'Theirs' });
      const gone = await storePerson(api.teamA.team_id, { name: 'Gone' });
      await markPersonDeleted(api.teamA.team_id, gone.id);
      for (const id of [theirs.id, gone.id, '00000000-0000-4000-8000-000000000000']) {
        const response = await upload(fileBody(Buffer.from('x')), id);
        expect(response.status, id).toBe(404);
        expect(response.body.error.code).toBe('NOT_FOUND');
      }
      // Team B's own credential reaches its person.
      expect((await upload(fileBody(Buffer.from('theirs')), theirs.id, api.teamB.api_key)).status).toBe(201);
    });
  });

  describe('GET /v1/persons/{id}/documents', () => {
    let owner: { id: string };
    const created: { id: string; type: string }[] = [];
    beforeAll(async () => {
      owner = await storePerson(api.teamA.team_id, { name: 'Listed Person' });
      for (const [type, title] of [['resume_doc', 'CV'], ['cover_letter', 'Letter'], ['resume_link', 'Profile'], ['transcript', 'Grades'], ['resume_doc', 'CV v2']] as const) {
        const body = type === 'resume_link' ? { type, title, url: 'https://example.com/profile' } : fileBody(Buffer.from(`${title} text`), { type, title });
        const response = await upload(body, owner.id);
        created.push({ id: response.body.data.id, type });
      }
    });
    const titles = async (query = '') => {
      const response = await list(query, owner.id);
      return { titles: (response.body.data as { title: string }[]).map((row) => row.title), meta: response.body.meta };
    };

    it('lists newest first with meta, paginated by offset and limit', async () => {
      expect(await titles()).toEqual({ titles: ['CV v2', 'Grades', 'Profile', 'Letter', 'CV'], meta: { total: 5, offset: 0, limit: 100 } });
      expect(await titles('?offset=1&limit=2')).toEqual({ titles: ['Grades', 'Profile'], meta: { total: 5, offset: 1, limit: 2 } });
      expect(await titles('?offset=5')).toEqual({ titles: [], meta: { total: 5, offset: 5, limit: 100 } });
    });

    it('filters by one or several document_types, total counting the matches', async () => {
      expect(await titles('?document_types=resume_doc')).toEqual({ titles: ['CV v2', 'CV'], meta: { total: 2, offset: 0, limit: 100 } });
      expect(await titles('?document_types=resume_link,transcript&limit=1')).toEqual({ titles: ['Grades'], meta: { total: 2, offset: 0, limit: 1 } });
      expect(await titles('?document_types=offer_letter')).toEqual({ titles: [], meta: { total: 0, offset: 0, limit: 100 } });
    });

    it('refuses an unknown document type with 400 naming it, and bad include_text or bounds', async () => {
      const unknown = await list('?document_types=resume_doc,passport', owner.id);
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.details).toEqual([{ path: 'query.document_types', message: expect.stringContaining('"passport"') }]);
      for (const query of ['?include_text=yes', '?include_text=1', '?limit=0', '?limit=101', '?offset=-1', '?document_types=resume_doc,']) {
        expect((await list(query, owner.id)).status, query).toBe(400);
      }
    });

    it('adds text_content, char_count and truncated only with include_text=true', async () => {
      for (const query of ['', '?include_text=false']) {
        const rows = (await list(query, owner.id)).body.data as Record<string, unknown>[];
        for (const row of rows) {
          expect(Object.keys(row).sort(), query).toEqual(['content_type', 'created_at', 'file_name', 'id', 'link', 'size_bytes', 'title', 'type', 'updated_at']);
        }
      }
      const rows = (await list('?include_text=true', owner.id)).body.data as Record<string, unknown>[];
      expect(rows.map((row) => [row.title, row.text_content, row.char_count, row.truncated])).toEqual([
        ['CV v2', 'CV v2 text', 10, false],
        ['Grades', 'Grades text', 11, false],
        ['Profile', '', 0, false],
        ['Letter', 'Letter text', 11, false],
        ['CV', 'CV text', 7, false],
      ]);
    });

    it('signs a fresh link on every listing, refuses a tampered or unsigned one with 403', async () => {
      const [row] = (await list('?document_types=transcript', owner.id)).body.data;
      expect((await download(row.link)).bytes.toString()).toBe('Grades text');
      const url = new URL(row.link);
      const signature = url.searchParams.get('X-Amz-Signature')!;
      url.searchParams.set('X-Amz-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
      const tampered = await download(url.toString());
      expect(tampered.status).toBe(403);
      expect(tampered.bytes.toString()).toContain('<Code>SignatureDoesNotMatch</Code>');
      // Another object under the same signature.
      const other = new URL(row.link);
      other.pathname = other.pathname.replace(/[^/]+$/, created[0]!.id);
      expect((await download(other.toString())).status).toBe(403);
      const unsigned = new URL(row.link);
      unsigned.search = '';
      expect((await download(unsigned.toString())).status).toBe(403);
    });

    it("answers 404 for an unknown or another team's person", async () => {
      const theirs = await storePerson(api.teamB.team_id, { name: 'Theirs' });
      expect((await list('', theirs.id)).status).toBe(404);
      expect((await list('', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await api.request('GET', documentPath(owner.id), { token: api.teamB.api_key })).status).toBe(404);
    });
  });

  describe('DELETE /v1/persons/{id}/documents/{document_id}', () => {
    it('removes the document from the list and its link stops working', async () => {
      const owner = await storePerson(api.teamA.team_id, { name: 'Deleting Person' });
      const kept = (await upload(fileBody(Buffer.from('kept'), { title: 'Kept' }), owner.id)).body.data;
      const doomed = (await upload(fileBody(Buffer.from('doomed'), { title: 'Doomed' }), owner.id)).body.data;
      const link = (await list('?document_types=resume_doc', owner.id)).body.data.find((row: { id: string }) => row.id === doomed.id).link;
      expect((await download(link)).status).toBe(200);

      const response = await api.request('DELETE', `${documentPath(owner.id)}/${doomed.id}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ id: doomed.id, deleted: true });
      const listed = await list('?include_text=true', owner.id);
      expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([kept.id]);
      expect(listed.body.meta.total).toBe(1);
      const fetched = await download(link);
      expect(fetched.status).toBe(404);
      expect(fetched.bytes.toString()).toContain('<Code>NoSuchKey</Code>');
      expect((await api.request('DELETE', `${documentPath(owner.id)}/${doomed.id}`)).status).toBe(404);
    });

    it('deletes a link document', async () => {
      const owner = await storePerson(api.teamA.team_id, { name: 'Link Deleter' });
      const link = (await upload({ type: 'resume_link', title: 'Profile', url: 'https://example.com/p' }, owner.id)).body.data;
      expect((await api.request('DELETE', `${documentPath(owner.id)}/${link.id}`)).status).toBe(200);
      expect((await list('', owner.id)).body.meta.total).toBe(0);
    });

    it("answers 404 for a document of another person or team, and for another team's person", async () => {
      const owner = await storePerson(api.teamA.team_id, { name: 'Owner' });
      const sibling = await storePerson(api.teamA.team_id, { name: 'Sibling' });
      const document = (await upload(fileBody(Buffer.from('mine')), owner.id)).body.data;
      expect((await api.request('DELETE', `${documentPath(sibling.id)}/${document.id}`)).status).toBe(404);
      expect((await api.request('DELETE', `${documentPath(owner.id)}/${document.id}`, { token: api.teamB.api_key })).status).toBe(404);
      expect((await api.request('DELETE', `${documentPath(owner.id)}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      expect((await api.request('DELETE', `${documentPath(owner.id)}/not-a-uuid`)).status).toBe(400);
      const listed = await list('', owner.id);
      expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([document.id]);
      expect((await download(listed.body.data[0].link)).status).toBe(200);
    });
  });
});

describe('Person documents: link lifetime (DOCUMENT_LINK_TTL_SECONDS=1)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ DOCUMENT_LINK_TTL_SECONDS: '1' });
  });
  afterAll(async () => {
    await api.close();
    delete process.env.DOCUMENT_LINK_TTL_SECONDS;
  });

  it('refuses a link fetched after it expired with 403, and the next listing signs a working one', async () => {
    const person = await storePerson(api.teamA.team_id, { name: 'Expiring Person' });
    const bytes = buildPdf(['Short-lived']);
    const created = await api.request('POST', documentPath(person.id), { body: fileBody(bytes, { file_name: 'cv.pdf', content_type: 'application/pdf' }) });
    expect(created.status).toBe(201);
    const { link } = created.body.data as { link: string };
    expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe('1');
    expect((await download(link)).bytes.equals(bytes)).toBe(true);

    // X-Amz-Date has one-second resolution: wait until the link is surely past its second.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = await download(link);
    expect(expired.status).toBe(403);
    expect(expired.bytes.toString()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired<\/Message>/);

    const [row] = (await api.request('GET', documentPath(person.id))).body.data;
    expect((await download(row.link)).bytes.equals(bytes)).toBe(true);
  });
});
