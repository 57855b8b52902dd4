import type { ApiMiddleware, ApiRequest } from '../context';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import { ApiError, ValidationError } from '../errors';
import type { RouteSpec } from '../route';

const defaultMaxBodyBytes = 1024 * 1024;

/**
 * Parses JSON bodies of routes that take one. Too large is 413, a body that is not JSON 415,
 * malformed JSON 400 (middy's parser answers 415 for both; we keep its parsing and fix the status).
 * An empty body is left `undefined` for the schema to judge.
 */
export function jsonBody(route: RouteSpec): ApiMiddleware {
  const maxBytes = route.maxBodyBytes ?? defaultMaxBodyBytes;
  const parser = httpJsonBodyParser();

  const jsonBodyBefore = async (request: ApiRequest) => {
    const { event } = request;
    if (!route.body) {
      event.body = undefined;
      return;
    }
    if (event.body === undefined || event.body === null || event.body === '') {
      event.body = undefined;
      return;
    }
    const rawBody = event.body as string;
    const size = Buffer.byteLength(rawBody, event.isBase64Encoded ? 'base64' : 'utf8');
    if (size > maxBytes) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBytes} bytes`);
    const contentType = event.headers?.['content-type'];
    if (!contentType || !/^application\/(.+\+)?json\s*($|;)/i.test(contentType)) {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json)');
    }
    // Our check follows RFC 9110 (any case, optional whitespace before parameters); middy's pattern
    // is stricter, and JSON is UTF-8 whatever the parameters say (RFC 8259), so hand it the bare type.
    event.headers['content-type'] = 'application/json';
    try {
      await parser.before?.(request as never);
    } catch {
      throw new ValidationError('The request body is not valid JSON', [{ path: 'body', message: 'Malformed JSON' }]);
    }
  };

  return { before: jsonBodyBefore };
}
