import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../db/client';
import { writeAll } from '../db/repository';
import { UnauthorizedError } from '../http/errors';

/**
 * Magic links and sessions of the webhook portal. Both are found by their token before the team is
 * known, so, like API keys, their items are global (not team-prefixed) and hold the team id:
 *
 * | Item | PK / SK | TTL |
 * |---|---|---|
 * | magic link | `PORTAL_LINK#<sha256 of the token>` / `PORTAL_LINK` | `expires_at` (10 minutes) |
 * | portal session | `PORTAL_SESSION#<sha256 of the token>` / `PORTAL_SESSION` | `expires_at` (1 hour) |
 *
 * Only SHA-256 hashes of the 256-bit random tokens are stored (no dictionary to slow down), so a
 * reader of the table cannot open a portal. DynamoDB's TTL removes items up to days late, so every
 * read also compares `expires_at` with the clock.
 */

export const portalLinkTtlSeconds = 10 * 60;
export const portalSessionTtlSeconds = 60 * 60;

/** The prefix of portal session tokens, so an API key or a JWT is recognised and refused by name. */
export const sessionPrefix = 'wps_';

/** A magic link or portal session as stored (beside its key and `entity`). */
export interface StoredPortalItem {
  team_id: string;
  created_at: string;
  /** Epoch seconds (DynamoDB TTL attribute). */
  expires_at: number;
}

/** The caller of a portal API route, as the portal session proved it: a team, nothing more. */
export interface PortalPrincipal {
  kind: 'portal';
  teamId: string;
  /** The first characters of the session's hash, for logs. */
  credentialId: string;
}

/** What is stored of a token: its SHA-256, hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** The global key of a magic link (`GetItem`/`DeleteItem` by its token's hash). */
export const linkKey = (hash: string) => ({ PK: `PORTAL_LINK#${hash}`, SK: 'PORTAL_LINK' });
/** The global key of a portal session. */
export const sessionKey = (hash: string) => ({ PK: `PORTAL_SESSION#${hash}`, SK: 'PORTAL_SESSION' });
/** Now in epoch seconds, the unit of `expires_at`. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A link or session of `teamId` that expires `ttlSeconds` from now. */
export function portalItem(teamId: string, ttlSeconds: number): StoredPortalItem {
  return { team_id: teamId, created_at: new Date().toISOString(), expires_at: nowSeconds() + ttlSeconds };
}

/** Stores a link or session under a key that must be new (a hash collision answers 409). */
export async function putNew(key: { PK: string; SK: string }, entity: string, item: StoredPortalItem): Promise<void> {
  await writeAll([
    {
      conflictMessage: 'Portal token collision; try again',
      item: { Put: { TableName: tableName(), Item: { ...item, ...key, entity }, ConditionExpression: 'attribute_not_exists(PK)' } },
    },
  ]);
}

/** A new random token: 256 bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/**
 * The portal principal of a session token (`GetItem`), or 401. API keys and JWTs are refused by
 * their shape before any read: the portal API is authorised by the portal session only.
 */
export async function authenticatePortalSession(token: string): Promise<PortalPrincipal> {
  if (!token.startsWith(sessionPrefix)) throw new UnauthorizedError('The portal API accepts only a portal session token, not an API key or JWT');
  const hash = hashToken(token);
  const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: sessionKey(hash), ConsistentRead: true }));
  const session = Item as StoredPortalItem | undefined;
  if (!session || session.expires_at <= nowSeconds()) throw new UnauthorizedError('The portal session has expired; open the portal again from a new link');
  return { kind: 'portal', teamId: session.team_id, credentialId: hash.slice(0, 12) };
}
