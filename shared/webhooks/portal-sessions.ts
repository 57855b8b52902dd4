import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/env';
import { documentClient, tableName } from '../db/client';
import { isConditionFailure } from '../db/errors';
import { getTeam } from '../domain/teams';
import { ForbiddenError, UnauthorizedError } from '../http/errors';
import { hashToken, linkKey, nowSeconds, portalItem, portalLinkTtlSeconds, portalSessionTtlSeconds, putNew, randomToken, sessionKey, sessionPrefix } from './portal-tokens';
import type { StoredPortalItem } from './portal-tokens';

/** The portal's magic links (`GET /v1/webhooks/portal`) and their exchange for sessions; data design in `portal-tokens.ts`. */

/** The team, or 403 `FORBIDDEN` naming what is off: the plan's webhooks or the organization's setting. */
async function teamWithWebhooks(teamId: string) {
  const team = await getTeam(teamId);
  if (!team.plan.webhooks) throw new ForbiddenError("Webhooks are not available on the organization's plan");
  if (!team.settings.webhooks_enabled) throw new ForbiddenError("Webhooks are disabled in the organization's settings");
  return team;
}

/**
 * `GET /v1/webhooks/portal`: a single-use magic link to the portal for the team, valid for
 * {@link portalLinkTtlSeconds}. The token travels in the URL fragment, which browsers never send, so
 * it stays out of server and proxy logs. 403 `FORBIDDEN` when the plan or the setting is off.
 * The link starts with `BASE_URL`, else with the host the request came to (API Gateway's domain).
 * @example const { url } = await createPortalLink(principal.teamId, event.requestContext.domainName)
 */
export async function createPortalLink(teamId: string, requestHost?: string): Promise<{ url: string }> {
  await teamWithWebhooks(teamId);
  const token = randomToken();
  await putNew(linkKey(hashToken(token)), 'PORTAL_LINK', portalItem(teamId, portalLinkTtlSeconds));
  const base = (config().BASE_URL ?? (requestHost ? `https://${requestHost}` : '')).replace(/\/+$/, '');
  return { url: `${base}/webhooks/portal#token=${token}` };
}

/**
 * `POST /portal/api/session`: spends a magic link (a conditional `DeleteItem`, so two exchanges of
 * one link cannot both succeed) and opens a portal session of its team for
 * {@link portalSessionTtlSeconds}. An unknown, used, expired or altered link is a 401; a team whose
 * webhooks were turned off since the link was issued gets 403 `FORBIDDEN`.
 */
export async function openPortalSession(magicToken: string): Promise<{ session_token: string; expires_at: string; team_name: string }> {
  let spent: StoredPortalItem | undefined;
  try {
    const { Attributes } = await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: linkKey(hashToken(magicToken)),
        ConditionExpression: 'attribute_exists(PK) AND expires_at > :now',
        ExpressionAttributeValues: { ':now': nowSeconds() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    spent = Attributes as StoredPortalItem | undefined;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  if (!spent) throw new UnauthorizedError('This portal link is invalid, expired or already used; ask for a new one');
  const team = await teamWithWebhooks(spent.team_id);
  const token = `${sessionPrefix}${randomToken()}`;
  const session = portalItem(spent.team_id, portalSessionTtlSeconds);
  await putNew(sessionKey(hashToken(token)), 'PORTAL_SESSION', session);
  return { session_token: token, expires_at: new Date(session.expires_at * 1000).toISOString(), team_name: team.name };
}

