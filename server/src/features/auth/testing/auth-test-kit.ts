import { randomUUID } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import type { LoginResponse } from '@ferry/contracts/api/auth'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { createOutboxMailer } from '../../../adapters/mailer/outbox-mailer.js'
import type { Services } from '../../../composition.js'
import type { Deps } from '../../../deps.js'
import { requireUser } from '../../../http/auth-guard.js'
import { type ReadMail, readOutbox } from '../../../testing/mail-reader.js'
import { type TestApp, type TestAppOptions, testStacks } from '../../../testing/test-app.js'
import { createPasskeys } from '../passkeys/passkeys.service.js'
import { createSoftAuthenticator } from '../passkeys/testing/soft-authenticator.js'
import { createSecondFactor } from '../two-factor/second-factor.service.js'

/** Kept here too: the auth, billing and uploads tests import it with the rest of this kit. */
export { createTestClock } from '../../../testing/test-clock.js'

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`

/** A client address of its own (trustProxy is on), so rate-limit counts of tests do not mix. */
export const uniqueIp = () => `10.${rand()}.${rand()}.${rand()}`
const rand = () => Math.floor(Math.random() * 254) + 1

/** Probe routes behind each access level, answering with the user the guard attached. */
export function registerProbeRoutes(app: FastifyInstance) {
  const me = async (request: Parameters<typeof requireUser>[0]) => ({ id: requireUser(request).id })
  app.get('/api/probe/user', { config: { access: 'user' } }, me)
  app.post('/api/probe/user', { config: { access: 'user' } }, me)
  app.get('/api/probe/admin', { config: { access: 'admin' } }, me)
  app.post('/api/probe/public', { config: { access: 'public' } }, async (request) => ({ id: request.user?.id ?? null }))
}

/**
 * The test stacks with generous auth rate limits (rate limits have tests of their own), their own
 * Redis key prefix, the probe routes, and any extra options.
 */
export function authStacks(extra: TestAppOptions = {}) {
  return testStacks.map((stack) => ({
    ...stack,
    ...extra,
    env: {
      ...stack.env,
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
      ROOM_JOIN_RATE_LIMIT_PER_IP: '10000',
      REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
      ...extra.env,
    },
    async beforeListen(app: FastifyInstance, deps: Deps, services: Services) {
      registerProbeRoutes(app)
      await extra.beforeListen?.(app, deps, services)
    },
  }))
}

type Api = (pathname: string, init?: RequestInit) => Promise<Response>

export function postJson(api: Api, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
  return api(pathname, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Registers a fresh account and returns its login response. */
export async function registerAccount(
  api: Api,
  account: { email?: string; password?: string; name?: string } = {},
): Promise<LoginResponse & { password: string }> {
  const password = account.password ?? 'correct horse battery'
  const res = await postJson(api, '/auth/register', {
    email: account.email ?? uniqueEmail(),
    password,
    name: account.name ?? 'Test User',
  })
  expect(res.status).toBe(201)
  return { ...((await res.json()) as LoginResponse), password }
}

/** The value of the auth cookie a response set, if any. */
export function authCookieFrom(res: Response): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const match = /^ferry_token=([^;]*)/.exec(line)
    if (match) return match[1]
  }
  return undefined
}

/** What the confirmation helpers need of a test app: its API and where its outbox is. */
export interface MailingApp {
  api: Api
  dataDir: string
}

/** The newest confirmation email sent to `email` (spec/accounts.md §2), from the app's outbox. */
export async function confirmationMail(app: MailingApp, email: string): Promise<ReadMail & { file: string }> {
  const mails = (await readOutbox(path.join(app.dataDir, 'mail'))).filter(
    (mail) => mail.to.includes(email) && mail.links.some((link) => link.includes('/confirm-email#token=')),
  )
  const mail = mails.at(-1)
  if (!mail) throw new Error(`No confirmation email to ${email} in the outbox`)
  return mail
}

/** The link's token and the 6-digit code of a confirmation email. */
export function confirmationSecrets(mail: ReadMail): { token: string; code: string } {
  const link = mail.links.find((l) => l.includes('/confirm-email#token='))
  const token = decodeURIComponent(/#token=([^&\s]+)/.exec(link ?? '')?.[1] ?? '')
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
  if (!token || !code) throw new Error(`The confirmation email lacks a token or a code:\n${mail.text}`)
  return { token, code }
}

/** Confirms the account through its real confirmation email (the code, as a person would type it). */
export async function confirmAccount(app: MailingApp, email: string): Promise<void> {
  const mail = await confirmationMail(app, email)
  const { code } = confirmationSecrets(mail)
  const res = await postJson(app.api, '/auth/confirm-email', { email, code }, { 'x-forwarded-for': uniqueIp() })
  // The mail and the code read from it are in the message: a rare refusal in CI was never explained.
  expect(res.status, `${await res.clone().text()} for code ${code} read from ${mail.file}:\n${mail.text}`).toBe(204)
}

/** Registers a fresh account and confirms its address, as every test that sends mail needs. */
export async function registerConfirmedAccount(
  app: MailingApp,
  account: { email?: string; password?: string; name?: string } = {},
): Promise<LoginResponse & { password: string }> {
  const registered = await registerAccount(app.api, account)
  await confirmAccount(app, registered.user.email)
  return { ...registered, user: { ...registered.user, email_confirmed: true } }
}

/** The second step of sign-in for a hand-built auth service (its notices go to a temporary outbox). */
export function testSecondFactor(deps: Pick<Deps, 'database' | 'clock' | 'logger'>) {
  const mailer = createOutboxMailer({
    dir: path.join(os.tmpdir(), `ferry-2fa-${randomUUID()}`),
    from: 'ferry@example.com',
  })
  return createSecondFactor({ ...deps, mailer }, createPasskeys(deps))
}

/** Registers a passkey for the account behind `auth` through the profile's routes; its software authenticator. */
export async function addPasskey(app: Pick<TestApp, 'api' | 'url'>, auth: Record<string, string>, name = 'Key') {
  const authenticator = createSoftAuthenticator({ origin: app.url, rpID: new URL(app.url).hostname })
  const { options } = await (await postJson(app.api, '/api/account/passkeys/options', undefined, auth)).json()
  const made = await postJson(
    app.api,
    '/api/account/passkeys',
    { name, credential: authenticator.register(options) },
    auth,
  )
  expect(made.status, await made.clone().text()).toBe(201)
  return authenticator
}
