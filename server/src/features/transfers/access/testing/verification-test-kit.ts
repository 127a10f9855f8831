import { expect } from 'vitest'
import type { TestApp } from '../../../../testing/test-app.js'
import { postJson, uniqueIp } from '../../../auth/testing/auth-test-kit.js'
import { outbox } from '../../testing/transfers-test-kit.js'

// Recipient verification as the share page does it (issue 18 item 3): ask for a code, read it
// from the outbox, confirm it for a grant.

/** A recipient-code email's subject ends with the code (both languages). */
const codeSubject = /(?:Ferry code to open the files|código de Ferry para abrir los archivos): (\d{6})$/

/** The recipient-code emails sent to `email`, oldest first, each with its code. */
export async function recipientCodeMails(app: TestApp, email: string) {
  return (await outbox(app))
    .filter((mail) => mail.to.includes(email) && codeSubject.test(mail.subject))
    .map((mail) => ({ ...mail, code: codeSubject.exec(mail.subject)![1]! }))
}

/** The codes emailed to `email` so far. */
export const codesTo = async (app: TestApp, email: string) => (await recipientCodeMails(app, email)).map((m) => m.code)

/**
 * Waits for the `n`th code email to `email` (it goes out after the 202) and returns the code that
 * is new since `known` (the codes seen before asking; mails written in one millisecond may sort
 * either way).
 */
export async function nthCode(app: TestApp, email: string, n: number, known: readonly string[] = []): Promise<string> {
  await expect.poll(async () => (await codesTo(app, email)).length).toBeGreaterThanOrEqual(n)
  const codes = await codesTo(app, email)
  return codes.find((code) => !known.includes(code)) ?? codes.at(-1)!
}

export const askCode = (app: TestApp, uniqueId: string, email: string, ip = uniqueIp()) =>
  postJson(app.api, `/api/share/${uniqueId}/verification`, { email }, { 'x-forwarded-for': ip })
export const confirmCode = (app: TestApp, uniqueId: string, email: string, code: string, ip = uniqueIp()) =>
  postJson(app.api, `/api/share/${uniqueId}/verification/confirm`, { email, code }, { 'x-forwarded-for': ip })
export const errorCode = async (res: Response) => ((await res.json()) as { code?: string }).code

/** Verifies `email` the way the share page does (ask, read the outbox, confirm); the grant. */
export async function verify(app: TestApp, uniqueId: string, email: string): Promise<string> {
  const known = await codesTo(app, email)
  const asked = await askCode(app, uniqueId, email)
  expect(asked.status, await asked.clone().text()).toBe(202)
  const res = await confirmCode(app, uniqueId, email, await nthCode(app, email, known.length + 1, known))
  expect(res.status, await res.clone().text()).toBe(204)
  const grant = res.headers.get('x-ferry-grant')
  expect(grant).toBeTruthy()
  return grant!
}
