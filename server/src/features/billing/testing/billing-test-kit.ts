import type {
  CheckoutSessionRequest,
  CheckoutSessionResponse,
  TestCheckoutResultResponse,
  UserCurrentPlanResponse,
} from '@ferry/contracts/api/billing'
import type { Page } from '@ferry/contracts/api/pagination'
import type { Referral } from '@ferry/contracts/api/referrals'
import { count, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { checkoutSessions, payments, subscriptions, users } from '../../../db/schema/index.js'
import type { TestApp } from '../../../testing/test-app.js'
import { bearer, postJson } from '../../auth/testing/auth-test-kit.js'

export type Reply<T = Record<string, unknown>> = { status: number; body: T & { code?: string; detail?: string } }

export async function post<T = Record<string, unknown>>(
  app: TestApp,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Reply<T>> {
  const res = await postJson(app.api, path, body, token ? bearer(token) : {})
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] }
}

export async function get<T = Record<string, unknown>>(app: TestApp, path: string, token?: string): Promise<Reply<T>> {
  const res = await app.api(path, token ? { headers: bearer(token) } : undefined)
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] }
}

/** A list endpoint's first page: its items as `body`, and the page itself (security review L-10). */
export async function getItems<T>(app: TestApp, path: string, token?: string) {
  const res = await get<Page<T>>(app, path, token)
  return { status: res.status, body: res.body.items, page: res.body }
}

/** A checkout request for `userId` with the usual return addresses. */
export const checkoutBody = (userId: string, extra: Partial<CheckoutSessionRequest> = {}): CheckoutSessionRequest => ({
  user_id: userId,
  plan_id: 'pro',
  success_url: '/upgrade/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: '/upgrade',
  interval: 'yearly',
  ...extra,
})

export const startCheckout = (app: TestApp, token: string, body: CheckoutSessionRequest | Record<string, unknown>) =>
  post<CheckoutSessionResponse>(app, '/api/checkout/session', body, token)

/** Opens a test checkout and completes it (the test-mode 'Pay'); the session id. */
export async function buyWithTestCheckout(
  app: TestApp,
  token: string,
  body: CheckoutSessionRequest,
): Promise<{ sessionId: string; redirect: string }> {
  const started = await startCheckout(app, token, body)
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const done = await post<TestCheckoutResultResponse>(
    app,
    `/api/checkout/test/${started.body.session_id}/complete`,
    undefined,
    token,
  )
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  return { sessionId: started.body.session_id, redirect: done.body.redirect_url }
}

export const currentPlan = (app: TestApp, token: string) =>
  get<UserCurrentPlanResponse>(app, '/api/user/subscription-level', token)

export async function createReferral(app: TestApp, token: string, inviterId: string): Promise<Referral> {
  const res = await post<Referral>(app, '/api/referrals', { inviter_user_id: inviterId }, token)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

export async function roleOf(app: TestApp, userId: string) {
  const [row] = await app.deps.database.db.select({ role: users.role }).from(users).where(eq(users.id, userId))
  return row?.role
}

/** What billing stored for a user: sessions, subscriptions and payments (to prove "no state change"). */
export async function billingState(app: TestApp, userId: string) {
  const db = app.deps.database.db
  const [s] = await db.select({ n: count() }).from(checkoutSessions).where(eq(checkoutSessions.userId, userId))
  const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId))
  const paid = await db.select().from(payments).where(eq(payments.userId, userId))
  return { sessions: s?.n ?? 0, subscriptions: subs, payments: paid, role: await roleOf(app, userId) }
}

export const days = (n: number) => n * 24 * 60 * 60 * 1000

/** A fresh token for an account of the test kits (after the clock moved past the old one's expiry). */
export async function relogin(app: TestApp, email: string, password = 'correct horse battery'): Promise<string> {
  const res = await post<{ access_token: string }>(app, '/auth/login', { email, password })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.access_token
}
