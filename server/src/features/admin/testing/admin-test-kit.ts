import path from 'node:path'
import { eq } from 'drizzle-orm'
import { users } from '../../../db/schema/index.js'
import { readOutbox } from '../../../testing/mail-reader.js'
import type { TestApp } from '../../../testing/test-app.js'
import { bearer } from '../../auth/testing/auth-test-kit.js'

type Api = TestApp['api']

/** JSON calls as `token` (or a visitor): status and parsed body. */
export function client(api: Api, token?: string) {
  const send = async <T>(method: string, path: string, body?: unknown) => {
    const headers = {
      ...(token ? bearer(token) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    }
    const res = await api(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: res.status, body: (await res.json()) as T & { code?: string; detail?: string } }
  }
  return {
    get: <T>(path: string) => send<T>('GET', path),
    post: <T>(path: string, body: unknown) => send<T>('POST', path, body),
    put: <T>(path: string, body: unknown) => send<T>('PUT', path, body),
    del: <T>(path: string) => send<T>('DELETE', path),
  }
}

/** The token of a set-password link (a new account's, which the admin is shown). */
export function tokenOf(url: string | null): string {
  if (!url) throw new Error('No set-password link in the answer')
  return new URLSearchParams(new URL(url).hash.slice(1)).get('token')!
}

/** The token of the last set-password link emailed to `email`: an existing account's link reaches only its owner. */
export async function mailedSetPasswordToken(dataDir: string, email: string): Promise<string> {
  const mails = await readOutbox(path.join(dataDir, 'mail'))
  const link = mails
    .filter((mail) => mail.to.includes(email))
    .flatMap((mail) => mail.links)
    .filter((l) => l.includes('/set-password#token='))
    .pop()
  return tokenOf(link ?? null)
}
export const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`

/** The account's row as stored, or undefined once deleted. */
export async function userRow(app: TestApp, id: string) {
  const [row] = await app.deps.database.db.select().from(users).where(eq(users.id, id))
  return row
}
