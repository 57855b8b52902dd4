import * as z from 'zod/mini';
import type { ApiMiddleware, ApiRequest } from '../context';
import { errorBody, successBody } from '../envelope';
import { mapError } from '../error-mapping';
import type { RouteSpec } from '../route';

const jsonContentType = 'application/json; charset=utf-8';

/**
 * The only place responses are built. Handlers return data; on the way out it becomes the route's
 * envelope with the route's success status, and anything thrown becomes the error envelope of
 * {@link mapError}. With `validateResponses` every answer is checked against the route's schema.
 */
export function responseEnvelope(route: RouteSpec, options: { validateResponses: () => boolean }): ApiMiddleware {
  const envelope = route.envelope ?? 'v1';
  const responseSchema = route.response && (route.paginated ? z.array(route.response) : route.response);

  const responseEnvelopeAfter = async (request: ApiRequest) => {
    const result = request.response;
    if (responseSchema && options.validateResponses()) {
      const data = typeof result === 'object' && result !== null && 'items' in result && route.paginated ? (result as { items: unknown }).items : result;
      const checked = responseSchema.safeParse(data);
      if (!checked.success) {
        throw new Error(`Response of ${route.method} ${route.path} does not match its schema: ${JSON.stringify(checked.error.issues.slice(0, 5))}`);
      }
    }
    const isText = envelope === 'raw' && route.contentType && typeof result === 'string';
    request.response = {
      statusCode: route.successStatus ?? 200,
      headers: { 'content-type': isText ? (route.contentType as string) : jsonContentType },
      body: isText ? (result as string) : JSON.stringify(successBody(envelope, result)),
    };
  };

  const responseEnvelopeOnError = async (request: ApiRequest) => {
    const { context } = request;
    const mapped = mapError(request.error);
    if (mapped.fault) context.logger?.error('request failed', { error: request.error, status: mapped.statusCode });
    request.response = {
      statusCode: mapped.statusCode,
      headers: { 'content-type': jsonContentType, ...mapped.headers },
      body: JSON.stringify(errorBody(envelope, { code: mapped.code, message: mapped.message, requestId: context.requestId, details: mapped.details })),
    };
  };

  return { after: responseEnvelopeAfter, onError: responseEnvelopeOnError };
}
