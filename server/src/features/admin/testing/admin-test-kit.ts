import { eq } from 'drizzle-orm'
import { users } from '../../../db/schema/index.js'
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

/** The token of a set-password link. */
export const tokenOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get('token')!
export const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`

/** The account's row as stored, or undefined once deleted. */
export async function userRow(app: TestApp, id: string) {
  const [row] = await app.deps.database.db.select().from(users).where(eq(users.id, id))
  return row
}
