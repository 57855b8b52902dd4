import { hasScope } from '../../auth/scopes';
import type { Scope } from '../../auth/scopes';
import type { ApiMiddleware, ApiRequest } from '../context';
import { InsufficientScopeError, UnauthorizedError } from '../errors';

/** Refuses with 403 `INSUFFICIENT_SCOPE`, naming the first missing scope, unless the principal holds them all. */
export function requireScopes(required: readonly Scope[]): ApiMiddleware {
  const requireScopesBefore = async (request: ApiRequest) => {
    const { principal } = request.context;
    if (!principal) throw new UnauthorizedError();
    const missing = required.find((scope) => !hasScope(principal, scope));
    if (missing) throw new InsufficientScopeError(missing);
  };
  return { before: requireScopesBefore };
}
