import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/** A request the stand-in received: method, path and the form fields Stripe's library sent. */
export interface StripeCall {
  method: string
  path: string
  params: Record<string, string>
}

export interface StandInSession {
  id: string
  object: 'checkout.session'
  url: string
  mode: string
  status: 'open' | 'complete'
  payment_status: 'unpaid' | 'paid' | 'no_payment_required'
  subscription: string | null
  customer: string | null
  metadata: Record<string, string>
}

export interface TestStripeServer {
  /** e.g. http://127.0.0.1:41234, for STRIPE_API_BASE. */
  url: string
  secretKey: string
  webhookSecret: string
  calls: StripeCall[]
  sessions: Map<string, StandInSession>
  /** Seats per subscription id: its one item's quantity (1 until an update sets it). */
  quantities: Map<string, number>
  /** Marks a session paid, as Stripe would once the customer paid (or started a trial). */
  pay(
    sessionId: string,
    options?: { subscription?: string; paymentStatus?: StandInSession['payment_status'] },
  ): StandInSession
  /** The next `count` API calls answer 500 (Stripe's library retries once). */
  failNext(count: number): void
  /** A signed webhook delivery of `event`: the body and its Stripe-Signature header. */
  signedEvent(
    event: { id: string; type: string; data: { object: unknown } },
    timestamp?: number,
  ): {
    body: string
    signature: string
  }
  close(): Promise<void>
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/**
 * A local stand-in for the few Stripe API endpoints Ferry calls (create and retrieve a checkout
 * session, update and cancel a subscription), on 127.0.0.1. Signatures of webhook payloads are
 * made with the Stripe library's own test helper.
 */
export async function startStripeServer(): Promise<TestStripeServer> {
  const secretKey = 'sk_test_ferry_standin'
  const webhookSecret = 'whsec_ferry_standin_secret'
  const calls: StripeCall[] = []
  const sessions = new Map<string, StandInSession>()
  const quantities = new Map<string, number>()
  const subscriptionBody = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'subscription',
    items: {
      object: 'list',
      data: [{ id: `si_${id}`, object: 'subscription_item', quantity: quantities.get(id) ?? 1 }],
    },
    ...extra,
  })
  let failures = 0
  let counter = 0

  const server = http.createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      raw += chunk
    })
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in')
      const params = Object.fromEntries(new URLSearchParams(raw))
      calls.push({ method: req.method ?? 'GET', path: url.pathname, params })
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
      }
      if (failures > 0) {
        failures--
        return json(res, 500, { error: { type: 'api_error', message: 'Stand-in failure' } })
      }
      const session = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)
      const subscription = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/)
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_standin_${++counter}_${Date.now()}`
        const metadata = Object.fromEntries(
          Object.entries(params)
            .filter(([k]) => k.startsWith('metadata['))
            .map(([k, v]) => [k.slice(9, -1), v]),
        )
        const created: StandInSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: params.mode ?? 'payment',
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          customer: null,
          metadata,
        }
        sessions.set(id, created)
        return json(res, 200, created)
      }
      if (req.method === 'GET' && session) {
        const found = sessions.get(decodeURIComponent(session[1]!))
        return found
          ? json(res, 200, found)
          : json(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } })
      }
      if (req.method === 'GET' && subscription) {
        return json(res, 200, subscriptionBody(decodeURIComponent(subscription[1]!)))
      }
      if (req.method === 'POST' && subscription) {
        const id = decodeURIComponent(subscription[1]!)
        const quantity = params['items[0][quantity]']
        if (quantity !== undefined) {
          if (params['items[0][id]'] !== `si_${id}`) {
            return json(res, 400, { error: { type: 'invalid_request_error', message: 'No such subscription item' } })
          }
          quantities.set(id, Number(quantity))
        }
        const cancelAtPeriodEnd = params.cancel_at_period_end === 'true'
        return json(res, 200, subscriptionBody(id, { cancel_at_period_end: cancelAtPeriodEnd }))
      }
      if (req.method === 'DELETE' && subscription) {
        return json(res, 200, { id: subscription[1], object: 'subscription', status: 'canceled' })
      }
      return json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized ${url.pathname}` } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const signer = new Stripe(secretKey)

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    calls,
    sessions,
    quantities,
    pay(sessionId, options = {}) {
      const found = sessions.get(sessionId)
      if (!found) throw new Error(`No stand-in session ${sessionId}`)
      found.status = 'complete'
      found.payment_status = options.paymentStatus ?? 'paid'
      found.subscription =
        found.mode === 'subscription' ? (options.subscription ?? `sub_standin_${++counter}_${Date.now()}`) : null
      found.customer = 'cus_standin'
      return found
    },
    failNext(count) {
      failures = count
    },
    signedEvent(event, timestamp) {
      const body = JSON.stringify({ object: 'event', api_version: '2026-10-28.endive', ...event })
      const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret, timestamp })
      return { body, signature }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The environment of a test app that talks to the stand-in (and does not rate-limit its many sign-ups). */
export const stripeTestEnv = (stripe: Pick<TestStripeServer, 'secretKey' | 'webhookSecret' | 'url'>) => ({
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_BASE: stripe.url,
  AUTH_RATE_LIMIT_PER_IP: '10000',
  AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
})
