import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The text extraction as Lambda runs it: bundled with the functions' esbuild options into a
 * directory with no `node_modules` (so pdf.js's optional native canvas package is absent), then
 * run by a plain `node` process. The integration tests cannot see this: there the package is
 * installed and pdf.js loads it.
 */

const repositoryRoot = join(import.meta.dirname, '..', '..');
let directory: string;

const content = 'BT /F1 12 Tf 72 720 Td (Bundled text) Tj ET';
const pdf = [
  '%PDF-1.4',
  '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj',
  '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj',
  '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>\nendobj',
  `4 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj`,
  '5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj',
];

/** The PDF above with a correct cross-reference table. */
function buildPdf(): Buffer {
  let text = '';
  const offsets: number[] = [];
  for (const [index, part] of pdf.entries()) {
    if (index > 0) offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${part}\n`;
  }
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

async function buildDocx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  zip.file('word/document.xml', '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Bundled DOCX</w:t></w:r></w:p></w:body></w:document>');
  return zip.generateAsync({ type: 'nodebuffer' });
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'recruiting-extraction-'));
  const { bundleOptions } = (await import(pathToFileURL(join(repositoryRoot, 'esbuild.config.mjs')).href)) as { bundleOptions: esbuild.BuildOptions };
  await esbuild.build({
    ...bundleOptions,
    stdin: { contents: "export { extractText } from './shared/documents/text-extraction.ts';", resolveDir: repositoryRoot, loader: 'ts' },
    outfile: join(directory, 'extraction.mjs'),
  });
  await writeFile(join(directory, 'cv.pdf'), buildPdf());
  await writeFile(join(directory, 'letter.docx'), await buildDocx());
  await writeFile(
    join(directory, 'run.mjs'),
    [
      "import { readFileSync } from 'node:fs';",
      "const { extractText } = await import('./extraction.mjs');",
      "const pdf = await extractText(readFileSync(new URL('./cv.pdf', import.meta.url)), 'application/pdf');",
      "const docx = await extractText(readFileSync(new URL('./letter.docx', import.meta.url)), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');",
      'process.stdout.write(JSON.stringify({ pdf, docx }));',
    ].join('\n'),
  );
}, 60_000);

afterAll(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('Bundle: document text extraction', () => {
  it('extracts PDF and DOCX text in a bundle without node_modules, printing nothing besides', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(directory, 'run.mjs')], { cwd: directory });
    expect(JSON.parse(stdout)).toEqual({
      pdf: { text: 'Bundled text', charCount: 12, truncated: false },
      docx: { text: 'Bundled DOCX', charCount: 12, truncated: false },
    });
    expect(stderr).toBe('');
  });
});
