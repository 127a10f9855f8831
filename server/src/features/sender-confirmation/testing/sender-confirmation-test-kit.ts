import path from 'node:path'
import { expect } from 'vitest'
import { readOutbox } from '../../../testing/mail-reader.js'
import {
  bearer,
  type MailingApp,
  postJson,
  registerConfirmedAccount,
  uniqueIp,
} from '../../auth/testing/auth-test-kit.js'

/** A sender-code email's subject ends with the code (both languages). */
const codeSubject = /(?:Ferry code to send transfers|código de Ferry para enviar transferencias): (\d{6})$/

/** The sender-code emails sent to `email`, oldest first, each with its code. */
export async function senderCodeMails(app: Pick<MailingApp, 'dataDir'>, email: string) {
  const mails = await readOutbox(path.join(app.dataDir, 'mail'))
  return mails
    .filter((mail) => mail.to.includes(email) && codeSubject.test(mail.subject))
    .map((mail) => ({ ...mail, code: codeSubject.exec(mail.subject)![1]! }))
}

/** The code of the newest sender-code email to `email`. */
export async function latestSenderCode(app: Pick<MailingApp, 'dataDir'>, email: string): Promise<string> {
  const mail = (await senderCodeMails(app, email)).at(-1)
  if (!mail) throw new Error(`No sender code email to ${email} in the outbox`)
  return mail.code
}

/**
 * Confirms a session (bearer token) as a sender on a plan with `requires_otp`, the way a person
 * does it: asks for a code (or takes the one a refused transfer just emailed), reads it from the
 * outbox and posts it. Does nothing on a plan that does not ask (409). Returns the browser cookie the confirmation set, if any.
 */
export async function confirmSender(app: MailingApp, token: string, email: string): Promise<string | undefined> {
  const ip = { 'x-forwarded-for': uniqueIp() }
  const asked = await postJson(app.api, '/api/sender-confirmation/code', undefined, { ...bearer(token), ...ip })
  if (asked.status === 409) return undefined
  // 429 too soon: a refused transfer just emailed one, and that one is typed.
  const tooSoon =
    asked.status === 429 && ((await asked.clone().json()) as { code?: string }).code === 'sender_code_too_soon'
  if (!tooSoon) expect(asked.status, await asked.clone().text()).toBe(204)
  const code = await latestSenderCode(app, email)
  const res = await postJson(app.api, '/api/sender-confirmation', { code }, { ...bearer(token), ...ip })
  expect(res.status, await res.clone().text()).toBe(204)
  for (const line of res.headers.getSetCookie()) {
    const match = /^ferry_sender=([^;]*)/.exec(line)
    if (match) return match[1]
  }
  return undefined
}

/** A fresh account with a confirmed address whose session also confirmed the sender code: it sends at once. */
export async function registerConfirmedSender(app: MailingApp) {
  const account = await registerConfirmedAccount(app)
  await confirmSender(app, account.access_token, account.user.email)
  return account
}
