import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStripeServer, type TestStripeServer } from '../testing/stripe-server.js'
import { buildTestApp, type TestApp } from '../testing/test-app.js'

// Replay of the security review's L-2 (shared/reports/security-review-2026-11-25.md) against a
// server with Stripe configured (a local stand-in for the Stripe API), as the review's run 2.

let stripe: TestStripeServer
let app: TestApp

beforeAll(async () => {
  stripe = await startStripeServer()
  app = await buildTestApp({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  })
})
afterAll(async () => {
  await app?.close()
  await stripe?.close()
})

/** POSTs `body` to the webhook signed at `t` (seconds), as the review did with openssl. */
async function deliver(body: string, t: number) {
  const sig = createHmac('sha256', stripe.webhookSecret).update(`${t}.${body}`).digest('hex')
  const res = await app.api('/api/billing/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${sig}` },
    body,
  })
  return { status: res.status, body: (await res.json()) as { code?: string } }
}

describe('security review replays (Stripe configured)', () => {
  it('L-2: a webhook delivery signed a day ago is refused', async () => {
    const body = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'customer.subscription.deleted',
        data: { object: { id: 'sub_1' } },
      })
    const now = Math.floor(Date.now() / 1000)
    expect(await deliver(body('evt_x'), now - 86400)).toEqual({
      status: 400,
      body: { code: 'webhook_signature_invalid', detail: 'The webhook signature is not valid.' },
    })
    // Ten minutes is past the 300 s tolerance too; the same delivery signed now is taken.
    expect((await deliver(body('evt_y'), now - 600)).status).toBe(400)
    expect((await deliver(body('evt_z'), now)).status).toBe(200)
  })
})
