import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { apiKeys } from '../../db/schema/index.js'
import { buildTestApp, forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks, bearer, postJson, uniqueIp } from '../auth/testing/auth-test-kit.js'
import { signUp, uploadFiles } from '../transfers/testing/transfers-test-kit.js'
import { createApiKey } from './testing/api-keys-test-kit.js'

// Issue 20 item 2: API keys, made, listed and revoked by the signed-in user; each API route takes
// a key within the scope its definition declares.

await forEachStack((getApp) => {
  async function sendOne(app: TestApp, token: string) {
    const sender = { token, id: '', email: '', name: '' }
    const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('hello') }])
    const res = await postJson(
      app.api,
      '/api/transfers',
      { files, recipient_emails: ['bo@example.com'] },
      bearer(token),
    )
    const body = (await res.json()) as { id: string }
    expect(res.status, JSON.stringify(body)).toBe(201)
    return body.id
  }

  describe('API keys', () => {
    it('creates a key shown once, lists it without the key, and revokes it: refused at once', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const ip = uniqueIp()
      const { id, key } = await createApiKey(app.api, user.token, ['transfers:read'], 'Nightly backup')
      expect(key).toMatch(/^ferry_[A-Za-z0-9_-]{43}$/)

      const before = await app.api('/api/keys', { headers: bearer(user.token) })
      const listed = (await before.json()) as { keys: Record<string, unknown>[] }
      expect(listed.keys).toEqual([
        {
          id,
          name: 'Nightly backup',
          prefix: key.slice(0, 10),
          scopes: ['transfers:read'],
          created_at: expect.any(String),
          last_used_at: null,
          last_used_ip: null,
        },
      ])
      expect(JSON.stringify(listed)).not.toContain(key)

      const used = await app.api('/api/transfers', { headers: { ...bearer(key), 'x-forwarded-for': ip } })
      expect(used.status).toBe(200)
      const after = (await (await app.api('/api/keys', { headers: bearer(user.token) })).json()) as {
        keys: { last_used_at: string | null; last_used_ip: string | null }[]
      }
      expect(after.keys[0]!.last_used_at).not.toBeNull()
      expect(after.keys[0]!.last_used_ip).toBe(ip)

      const revoked = await app.api(`/api/keys/${id}`, {
        method: 'DELETE',
        headers: { ...bearer(user.token), 'x-requested-with': 'XMLHttpRequest' },
      })
      expect(revoked.status).toBe(204)
      const refused = await app.api('/api/transfers', { headers: bearer(key) })
      expect(refused.status).toBe(401)
      expect(((await refused.json()) as { code: string }).code).toBe('api_key_invalid')
      expect((await app.api(`/api/keys/${id}`, { method: 'DELETE', headers: bearer(user.token) })).status).toBe(404)
    })

    it('keeps only an HMAC of the key in the database', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const { id, key } = await createApiKey(app.api, user.token)
      const rows = await app.deps.database.db.select().from(apiKeys).where(eq(apiKeys.id, id))
      expect(rows).toHaveLength(1)
      expect(rows[0]!.keyHash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(rows)).not.toContain(key)
      expect(JSON.stringify(rows)).not.toContain(key.slice(10))
    })

    it('lets a key act within its scopes only: transfers:read lists, but DELETE answers 403 scope_missing', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const transferId = await sendOne(app, user.token)
      const reader = await createApiKey(app.api, user.token, ['transfers:read'])

      const got = await app.api(`/api/transfers/${transferId}`, { headers: bearer(reader.key) })
      expect(got.status).toBe(200)
      const deleted = await app.api(`/api/transfers/${transferId}`, { method: 'DELETE', headers: bearer(reader.key) })
      expect(deleted.status).toBe(403)
      expect(((await deleted.json()) as { code: string }).code).toBe('scope_missing')
      expect((await app.api(`/api/transfers/${transferId}`, { headers: bearer(user.token) })).status).toBe(200)

      const requests = await app.api('/api/file-requests', { headers: bearer(reader.key) })
      expect(requests.status).toBe(403)

      const writer = await createApiKey(app.api, user.token, ['transfers:write'])
      const gone = await app.api(`/api/transfers/${transferId}`, { method: 'DELETE', headers: bearer(writer.key) })
      expect(gone.status).toBe(200)
    })

    it('never reaches keys, account or admin routes with a key, and checks a key before the body', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      const { key } = await createApiKey(app.api, user.token, [
        'transfers:read',
        'transfers:write',
        'requests:read',
        'requests:write',
      ])
      const made = await postJson(app.api, '/api/keys', { name: 'x', scopes: ['transfers:read'] }, bearer(key))
      expect(made.status).toBe(403)
      expect(((await made.json()) as { code: string }).code).toBe('api_key_not_allowed')
      expect((await app.api('/api/keys', { headers: bearer(key) })).status).toBe(403)
      expect((await app.api('/api/admin/transfers', { headers: bearer(key) })).status).toBe(403)
      const language = await app.api('/api/users/me/language', {
        method: 'PUT',
        headers: { ...bearer(key), 'content-type': 'application/json' },
        body: JSON.stringify({ language: 'es' }),
      })
      expect(language.status).toBe(403)

      // A wrong key is a 401 before validation, whatever the body.
      const wrong = await postJson(app.api, '/api/transfers', { nonsense: true }, bearer(`ferry_${'x'.repeat(43)}`))
      expect(wrong.status).toBe(401)
      expect(((await wrong.json()) as { code: string }).code).toBe('api_key_invalid')
      // On a public route no key may call, a key counts for nothing.
      expect((await app.api('/api/plans', { headers: bearer(key) })).status).toBe(200)
    })

    it('validates what a key is made with (4xx, never 5xx)', async () => {
      const app = getApp()
      const user = await signUp(app, 'PREMIUM')
      for (const body of [
        { name: '', scopes: ['transfers:read'] },
        { name: 'x', scopes: [] },
        { name: 'x', scopes: ['admin'] },
        { name: 'x', scopes: ['transfers:read', 'transfers:read'] },
        { name: 'x\u0000y', scopes: ['transfers:read'] },
        { scopes: ['transfers:read'] },
      ]) {
        const res = await postJson(app.api, '/api/keys', body, bearer(user.token))
        expect(res.status, JSON.stringify(body)).toBe(400)
      }
      expect((await postJson(app.api, '/api/keys', { name: 'x', scopes: ['transfers:read'] })).status).toBe(401)
      expect((await app.api('/api/keys/not-a-uuid', { method: 'DELETE', headers: bearer(user.token) })).status).toBe(
        400,
      )
      // Another user's key is not found.
      const other = await signUp(app, 'PREMIUM')
      const { id } = await createApiKey(app.api, other.token)
      expect((await app.api(`/api/keys/${id}`, { method: 'DELETE', headers: bearer(user.token) })).status).toBe(404)
    })
  })
}, authStacks())

describe('API keys and the limiter and the log', () => {
  it('counts wrong keys per address before checking any: past the limit even the right key waits', async () => {
    const lines: string[] = []
    const app = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '3' }, logLines: lines })
    try {
      const user = await signUp(app, 'PREMIUM')
      const { key } = await createApiKey(app.api, user.token)
      const ip = uniqueIp()
      const as = (k: string) => ({ ...bearer(k), 'x-forwarded-for': ip })
      for (let i = 0; i < 3; i++) {
        expect((await app.api('/api/transfers', { headers: as(`ferry_${String(i).repeat(43)}`) })).status).toBe(401)
      }
      const limited = await app.api('/api/transfers', { headers: as(key) })
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toBeTruthy()
      // Another address is not affected.
      expect(
        (await app.api('/api/transfers', { headers: { ...bearer(key), 'x-forwarded-for': uniqueIp() } })).status,
      ).toBe(200)

      // Neither the key nor a wrong one reached the log.
      const log = lines.join('\n')
      expect(log).toContain('/api/transfers')
      expect(log).not.toContain(key)
      expect(log).not.toContain(key.slice(6))
      expect(log).not.toContain('0'.repeat(43))
    } finally {
      await app.close()
    }
  })
})
