import { createPublicHandler } from '../../shared/http/public-chain';
import { defineRoute } from '../../shared/http/route';
import { docsPageHtml } from '../../shared/openapi/docs-page';

export const route = defineRoute({
  method: 'GET',
  path: '/docs',
  tag: 'Documentation',
  summary: 'API reference page',
  description: 'A page that renders `/openapi.json`. No credential needed.',
  auth: 'none',
  table: 'none',
  envelope: 'raw',
  contentType: 'text/html; charset=utf-8',
});

export async function getDocsPage() {
  return docsPageHtml;
}

export const handler = createPublicHandler(route, getDocsPage);
