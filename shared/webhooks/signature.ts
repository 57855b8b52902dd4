import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (the scheme Svix and others share): the signed content is
 * `<webhook-id>.<webhook-timestamp>.<body>`, signed with HMAC-SHA256 under the endpoint's secret, sent
 * as `webhook-signature: v1,<base64 signature>`. Secrets are `whsec_<base64 of 24 random bytes>`, so
 * any Standard Webhooks library (e.g. the `standardwebhooks` package) verifies our deliveries.
 */

const secretPrefix = 'whsec_';

/** A new endpoint secret. */
export function newEndpointSecret(): string {
  return `${secretPrefix}${randomBytes(24).toString('base64')}`;
}

/** The key bytes of a `whsec_` secret. */
function secretKey(secret: string): Buffer {
  if (!secret.startsWith(secretPrefix)) throw new Error('Webhook secrets start with whsec_');
  return Buffer.from(secret.slice(secretPrefix.length), 'base64');
}

/** The headers of one delivery of `body` (the exact bytes sent). `timestamp` is in seconds. */
export function signatureHeaders(secret: string, message: { id: string; timestamp: number; body: string }): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const signature = createHmac('sha256', secretKey(secret)).update(`${message.id}.${message.timestamp}.${message.body}`).digest('base64');
  return { 'webhook-id': message.id, 'webhook-timestamp': String(message.timestamp), 'webhook-signature': `v1,${signature}` };
}
