/** Every scope an API key or OAuth token can carry (extensions.md section 2). */
export const scopes = ['deals:read', 'deals:write', 'compensation:read', 'webhooks:write'] as const;

export type Scope = (typeof scopes)[number];

/** What a credential proved: whose team, which member (none for API keys), which scopes. */
export interface Principal {
  kind: 'api_key' | 'session' | 'oauth';
  teamId: string;
  /** The acting team member; `null` for API keys, which take `team_member_id` in the body instead. */
  teamMemberId: string | null;
  /** Session tokens hold every scope. */
  scopes: ReadonlySet<Scope> | 'all';
  /** The API key id or the token's `jti`/`sub`, for logs. */
  credentialId: string;
}

/** True when the principal may use `scope`. */
export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.scopes === 'all' || principal.scopes.has(scope);
}

/** Keeps the known scopes of a list, in catalogue order. */
export function knownScopes(values: Iterable<string>): Set<Scope> {
  const wanted = new Set(values);
  return new Set(scopes.filter((scope) => wanted.has(scope)));
}

/** True when `value` names a scope of the catalogue. */
export function isScope(value: string): value is Scope {
  return (scopes as readonly string[]).includes(value);
}
