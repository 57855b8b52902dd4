import { authenticatePortalSession } from '../../webhooks/portal-tokens';
import type { PortalPrincipal } from '../../webhooks/portal-tokens';
import type { ApiMiddleware, ApiRequest } from '../context';
import { UnauthorizedError } from '../errors';

declare module '../context' {
  interface ApiContext {
    /** The portal session's caller, on routes declared `auth: 'portal'` (never set with `principal`). */
    portal?: PortalPrincipal;
  }
}

/**
 * Authenticates `Authorization: Bearer <portal session token>` on the webhook portal's API and puts
 * the {@link PortalPrincipal} (a team id) on the context. API keys and JWTs are refused with 401:
 * the portal is authorised by its session only.
 * @example middy().use(portalAuth())
 */
export function portalAuth(): ApiMiddleware {
  const portalAuthBefore = async (request: ApiRequest) => {
    const authorization = request.event.headers?.authorization;
    if (!authorization) throw new UnauthorizedError('The Authorization header is missing');
    const token = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization)?.[1];
    if (!token) throw new UnauthorizedError('The Authorization header must use the Bearer scheme');
    request.context.portal = await authenticatePortalSession(token);
  };
  return { before: portalAuthBefore };
}
