/**
 * Activity content may be plain text or HTML (extensions.md section 2): HTML is detected by the
 * presence of a tag and stored with a plain-text mirror: tags stripped, entities decoded, block
 * elements turned into line breaks.
 */

const tagPattern = /<\/?[a-zA-Z][a-zA-Z0-9-]*(\s[^<>]*)?\/?>/;

/** True when `content` contains at least one HTML tag. */
export function isHtml(content: string): boolean {
  return tagPattern.test(content);
}

const blockElements = 'address|article|aside|blockquote|dd|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul';

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  bull: '•',
  middot: '·',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);/g, (entity, body: string) => {
    if (body.startsWith('#')) {
      const codePoint = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    }
    return namedEntities[body.toLowerCase()] ?? entity;
  });
}

const blockBoundary = '\u0000';

/**
 * The plain-text mirror of an HTML fragment. As in a browser, whitespace in the source collapses;
 * a run of block boundaries becomes one line break, and each `<br>` one more.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(new RegExp(`</?(${blockElements})\\b[^>]*>`, 'gi'), blockBoundary)
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(new RegExp(`[ ${blockBoundary}]*${blockBoundary}[ ${blockBoundary}]*`, 'g'), '\n')
    .replace(/ *\n */g, '\n')
    .replace(/^\n+|\n+$/g, '')
    .trim();
}
