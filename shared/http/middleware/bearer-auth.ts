import { createAuthenticator, defaultCredentialSources } from '../../auth/authenticate';
import type { CredentialSources } from '../../auth/authenticate';
import type { ApiMiddleware, ApiRequest } from '../context';

let sharedAuthenticator: ReturnType<typeof createAuthenticator> | undefined;

/** The container's authenticator, shared by every route so the API-key cache is shared too. */
function containerAuthenticator() {
  sharedAuthenticator ??= createAuthenticator(defaultCredentialSources());
  return sharedAuthenticator;
}

/** Forgets the container's authenticator and its cache (tests that change the configuration). */
export function resetBearerAuth(): void {
  sharedAuthenticator = undefined;
}

/**
 * Authenticates `Authorization: Bearer …` (API key, session JWT or OAuth JWT) and puts the
 * {@link import('../../auth/scopes').Principal} on the context; any failure is a 401.
 * @example middy().use(bearerAuth()) // or bearerAuth({ sources }) in a unit test
 */
export function bearerAuth(options: { sources?: CredentialSources } = {}): ApiMiddleware {
  const own = options.sources && createAuthenticator(options.sources);
  const bearerAuthBefore = async (request: ApiRequest) => {
    const authenticator = own ?? containerAuthenticator();
    request.context.principal = await authenticator.authenticate(request.event.headers?.authorization);
  };
  return { before: bearerAuthBefore };
}
