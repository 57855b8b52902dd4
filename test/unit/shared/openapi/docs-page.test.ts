import { describe, it, expect } from 'vitest';
import { docsPageHtml } from '../../../../shared/openapi/docs-page';

function inlineScript(): string {
  const scripts = [...docsPageHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts).toHaveLength(1);
  const [, attributes, body] = scripts[0]!;
  expect(attributes!.trim()).toBe('');
  return body!;
}

/** Runs the page script with just enough of a browser to see which URL it fetches first. */
function fetchedUrl(pathname: string): string {
  const requested: string[] = [];
  const element = { addEventListener: () => undefined };
  const document = { getElementById: () => element };
  const location = { pathname, hash: '', href: `http://docs.test${pathname}` };
  const fetch = (url: unknown): Promise<never> => {
    requested.push(String(url));
    return new Promise<never>(() => undefined);
  };
  new Function('document', 'location', 'fetch', inlineScript())(document, location, fetch);
  expect(requested).toHaveLength(1);
  return new URL(requested[0]!, location.href).pathname;
}

describe('docsPageHtml', () => {
  it('is an HTML5 document in English with a title and a UTF-8 charset', () => {
    expect(docsPageHtml.startsWith('<!doctype html>')).toBe(true);
    expect(docsPageHtml).toMatch(/<html lang="en">/);
    expect(docsPageHtml).toMatch(/<meta charset="utf-8">/i);
    expect(docsPageHtml).toMatch(/<title>[^<]+<\/title>/);
    expect(docsPageHtml.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('uses landmarks and keyboard-operable disclosure widgets', () => {
    expect(docsPageHtml).toMatch(/<header>/);
    expect(docsPageHtml).toMatch(/<main\b/);
    expect(docsPageHtml).toMatch(/<nav aria-label="[^"]+"/);
    const script = inlineScript();
    expect(script).toContain("h('section')");
    expect(script).toContain("h('details'");
    expect(script).toContain("h('summary')");
    expect(docsPageHtml).toContain(':focus-visible');
  });

  it('has a search input with a label', () => {
    const input = docsPageHtml.match(/<input\b[^>]*>/);
    expect(input).not.toBeNull();
    expect(input![0]).toContain('type="search"');
    const id = input![0].match(/\bid="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(docsPageHtml).toMatch(new RegExp(`<label for="${id}">[^<]+</label>`));
  });

  it('fetches /openapi.json from the page at /docs (and stays next to the page under a stage prefix)', () => {
    expect(inlineScript()).toContain("'openapi.json'");
    expect(fetchedUrl('/docs')).toBe('/openapi.json');
    expect(fetchedUrl('/docs/')).toBe('/openapi.json');
    expect(fetchedUrl('/prod/docs')).toBe('/prod/openapi.json');
  });

  it('references no external resources', () => {
    expect(docsPageHtml).not.toMatch(/https?:\/\//i);
    expect(docsPageHtml).not.toMatch(/\/\/[a-z0-9-]+\.[a-z]/i);
    expect(docsPageHtml).not.toMatch(/<script[^>]*\bsrc\s*=/i);
    expect(docsPageHtml).not.toMatch(/<link\b/i);
    expect(docsPageHtml).not.toMatch(/<(img|iframe|object|embed)\b/i);
    expect(docsPageHtml).not.toMatch(/@import|url\s*\(/i);
    expect(docsPageHtml).toMatch(/Content-Security-Policy" content="default-src 'none'; connect-src 'self';/);
  });

  it('inserts document text with textContent and never parses HTML from data', () => {
    const script = inlineScript();
    expect(script).toContain('.textContent =');
    expect(docsPageHtml).not.toContain('innerHTML');
    expect(docsPageHtml).not.toContain('outerHTML');
    expect(script).not.toMatch(/insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|\beval\(/);
  });

  it('shows an error in the page when the fetch fails', () => {
    const script = inlineScript();
    expect(script).toContain('.catch(');
    expect(script).toContain('Could not load the API description');
    expect(script).toContain("'role', 'alert'");
  });

  it('contains a syntactically valid script and stays small', () => {
    expect(() => new Function(inlineScript())).not.toThrow();
    expect(Buffer.byteLength(docsPageHtml, 'utf8')).toBeLessThan(20_000);
  });
});
