import { htmlToText } from '../domain/html-text';

/**
 * Plain text of an uploaded document, for `include_text` (extensions.md section 3): plain text and
 * HTML are decoded here; PDF goes through pdf.js (Mozilla's maintained parser, its Node build, the
 * "worker" run on the main thread, no canvas) and DOCX through mammoth. Both libraries are imported
 * on first use, so only a function that uploads such a file loads them.
 */

/** The most characters (Unicode code points) of text kept per document. */
export const maxTextCharacters = 100_000;

export const docxContentType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The media types text is extracted from; any other type is stored without text. */
export const extractableContentTypes = ['text/plain', 'text/html', 'application/pdf', docxContentType] as const;

/** Extracted text, capped at {@link maxTextCharacters}. */
export interface ExtractedText {
  text: string;
  /** Code points in `text`. */
  charCount: number;
  /** True when the document had more text than was kept. */
  truncated: boolean;
}

const noText: ExtractedText = { text: '', charCount: 0, truncated: false };

/** `text/html; charset=utf-8` → `{ mediaType: 'text/html', charset: 'utf-8' }`. */
export function parseContentType(contentType: string): { mediaType: string; charset: string | undefined } {
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim());
  const charset = parameters.map((parameter) => /^charset\s*=\s*"?([^";]+)"?$/i.exec(parameter)?.[1]).find(Boolean);
  return { mediaType: mediaType.toLowerCase(), charset };
}

/** Whether text is extracted from files of this content type. */
export function isExtractable(contentType: string): boolean {
  return (extractableContentTypes as readonly string[]).includes(parseContentType(contentType).mediaType);
}

/**
 * The text of a document, capped. Types without extraction give empty text. Throws when the file
 * cannot be parsed (a corrupt PDF or DOCX); the caller decides what that means.
 * @example const { text, truncated } = await extractText(bytes, 'application/pdf')
 */
export async function extractText(bytes: Uint8Array, contentType: string): Promise<ExtractedText> {
  const { mediaType, charset } = parseContentType(contentType);
  switch (mediaType) {
    case 'text/plain':
      return cap(normalise(decode(bytes, charset)));
    case 'text/html':
      return cap(htmlToText(decode(bytes, charset)));
    case 'application/pdf':
      return cap(await pdfText(bytes));
    case docxContentType:
      return cap(await docxText(bytes));
    default:
      return noText;
  }
}

/** Decodes with the declared charset when Node knows it, UTF-8 otherwise (a BOM is dropped). */
function decode(bytes: Uint8Array, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Line endings as `\n`, no surrounding blank space. */
function normalise(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** Keeps the first {@link maxTextCharacters} code points, never splitting a surrogate pair. */
function cap(text: string): ExtractedText {
  let index = 0;
  let count = 0;
  while (index < text.length && count < maxTextCharacters) {
    const code = text.charCodeAt(index);
    index += code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? 2 : 1;
    count += 1;
  }
  return { text: text.slice(0, index), charCount: count, truncated: index < text.length };
}

/**
 * The text of every page in order (lines as pdf.js reports them, pages separated by a blank line),
 * reading no further pages once more than the cap is collected. pdf.js recovers what it can from a
 * damaged file; one it cannot read at all throws.
 */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWasm: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    // UTF-16 units: twice the cap surely holds more than the cap's code points.
    let length = 0;
    for (let number = 1; number <= document.numPages && length <= 2 * maxTextCharacters; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      page.cleanup();
      const pageText = text.replace(/[ \t]+\n/g, '\n').trim();
      pages.push(pageText);
      length += pageText.length;
    }
    return pages.filter(Boolean).join('\n\n');
  } finally {
    await task.destroy();
  }
}

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: Promise<Pdfjs> | undefined;

/** Stands in for a browser drawing class pdf.js refers to but text extraction never uses. */
class NotForDrawing {}

/**
 * pdf.js, loaded once, with its worker module registered on `globalThis.pdfjsWorker`, which pdf.js
 * then runs in this thread (a "fake worker") instead of importing a worker file, which a bundle
 * does not have. Its display layer needs `DOMMatrix` to load (a module-level constant of its canvas
 * renderer) and probes for `ImageData` and `Path2D`; outside a browser it would take them from the
 * optional native `@napi-rs/canvas`, which a Lambda bundle cannot carry. Text extraction draws
 * nothing, so inert stand-ins are installed where they are missing, and pdf.js's one-line notice
 * that the native package is absent is not printed (logs are JSON lines).
 */
function loadPdfjs(): Promise<Pdfjs> {
  if (pdfjsModule) return pdfjsModule;
  pdfjsModule = (async () => {
    const browserGlobals = globalThis as Record<string, unknown>;
    for (const name of ['DOMMatrix', 'ImageData', 'Path2D']) browserGlobals[name] ??= NotForDrawing;
    const print = console.warn;
    console.warn = (...values: unknown[]) => {
      if (typeof values[0] === 'string' && values[0].startsWith('Warning: Cannot load "@napi-rs/canvas"')) return;
      print(...values);
    };
    try {
      browserGlobals.pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
      return await import('pdfjs-dist/legacy/build/pdf.mjs');
    } finally {
      console.warn = print;
    }
  })();
  // A failed load is tried again by the next PDF rather than remembered.
  pdfjsModule.catch(() => {
    pdfjsModule = undefined;
  });
  return pdfjsModule;
}

/** The raw text of a DOCX (paragraphs separated by blank lines), as mammoth reads it. */
async function docxText(bytes: Uint8Array): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  return normalise(value).replace(/\n{3,}/g, '\n\n');
}
