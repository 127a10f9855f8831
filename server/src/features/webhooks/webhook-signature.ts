import { createHmac, randomBytes } from 'node:crypto'

/** Secrets are `whsec_` and base64 of 32 random bytes (Standard Webhooks). */
export const webhookSecretPrefix = 'whsec_'

export function newWebhookSecret(): string {
  return `${webhookSecretPrefix}${randomBytes(32).toString('base64')}`
}

/** A delivery id, the `webhook-id` header: `msg_` and 24 random bytes in base64url. */
export function newDeliveryId(): string {
  return `msg_${randomBytes(24).toString('base64url')}`
}

/**
 * One `v1,<base64>` signature of a message under the Standard Webhooks scheme: HMAC-SHA256, keyed
 * with the secret's bytes (the base64 after `whsec_`), of `id.timestamp.body`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(webhookSecretPrefix) ? secret.slice(webhookSecretPrefix.length) : secret,
    'base64',
  )
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')
  return `v1,${mac}`
}

/** The three headers of one try: every secret still signing gives one signature, space-separated. */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' '),
  }
}
