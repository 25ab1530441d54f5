// Signing a delivery, two ways, with the webhook's one secret (`whsec_` + 32 random bytes
// in base64, the Standard Webhooks format):
// - `X-Service-Signature`: hex HMAC-SHA256 of the exact raw body, keyed with the whole
//   secret string as shown to the user (the interface's scheme);
// - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`):
//   `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the secret's decoded
//   bytes, so receivers can use the standardwebhooks libraries and reject replays.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}


/** The signature headers for one attempt: `timestamp` is the attempt's time, so a replay is stale. */
export function signatureHeaders(secret: string, message: { id: string; body: string; timestamp: Date }): Record<string, string> {
  const seconds = Math.floor(message.timestamp.getTime() / 1000);
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const standard = createHmac('sha256', key).update(`${message.id}.${seconds}.${message.body}`).digest('base64');
  return {
    'x-service-signature': createHmac('sha256', secret).update(message.body).digest('hex'),
    'webhook-id': message.id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': `v1,${standard}`,
  };
}
