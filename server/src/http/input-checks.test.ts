import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { authStacks, bearer, postJson, uniqueEmail } from '../features/auth/testing/auth-test-kit.js'
import { type Sender, signUp } from '../features/transfers/testing/transfers-test-kit.js'
import { forEachStack, type TestApp } from '../testing/test-app.js'

// Security review L-1 and L-8: a NUL or another control character in any string is a 4xx
// (it was a 500 from PostgreSQL on 15 routes), and text-direction controls are refused in what
// people read as names (file names, titles, display names).

const nul = 'a\u0000b'
const rlo = 'invoice\u202Efdp.exe'

await forEachStack(
  (getApp) => {
    let app: TestApp
    let user: Sender
    let admin: Sender
    beforeAll(async () => {
      app = getApp()
      user = await signUp(app, 'FREE', 'Nul Tester')
      admin = await signUp(app, 'ADMIN', 'Ada Admin')
    })

    const send = async (method: string, path: string, body?: unknown, token?: string) => {
      const res = await app.api(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? bearer(token) : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json().catch(() => ({}))) as { code?: string; detail?: string } }
    }

    describe('NUL and control characters', () => {
      it('are a 400 on every route the review found answering 500', async () => {
        const cases: [string, string, unknown?, string?][] = [
          ['POST', '/auth/register', { email: uniqueEmail(), password: 'a long password here', name: nul }],
          ['POST', '/api/admin/users', { email: uniqueEmail(), name: nul, role: 'FREE' }, admin.token],
          ['GET', '/api/plans/a%00b'],
          ['GET', '/api/plans/a%00b/limits'],
          [
            'POST',
            '/api/checkout/session',
            { user_id: user.id, plan_id: nul, success_url: '/s', cancel_url: '/c', interval: 'monthly' },
            user.token,
          ],
          [
            'POST',
            '/api/checkout/session',
            {
              user_id: user.id,
              plan_id: 'pro',
              referral_code: nul,
              success_url: '/s',
              cancel_url: '/c',
              interval: 'monthly',
            },
            user.token,
          ],
          ['POST', '/api/billing/subscriptions', { user_id: user.id, plan_id: nul }, admin.token],
          ['POST', '/api/referrals/redeem', { referral_code: nul, user_id: user.id }, user.token],
          ['GET', '/api/checkout/test/a%00b', undefined, user.token],
          ['POST', `/api/transfers/${randomUUID()}/confirm-recovery-payment`, { session_id: nul }, user.token],
          ['POST', '/api/transfers', { files: [{ file_key: nul }], recipient_emails: ['r@example.com'] }, user.token],
          [
            'POST',
            '/api/transfers',
            { files: [{ file_key: 'k' }], recipient_emails: ['r\u0000@example.com'] },
            user.token,
          ],
          ['POST', '/file-request/create', { max_files: 1, allowed_types: [nul] }, user.token],
          ['GET', '/api/admin/users?search=a%00b', undefined, admin.token],
          ['PUT', '/api/admin/plans/guest', { name: 'Guest', notes: nul }, admin.token],
          ['POST', '/api/presign', { filename: 'a\u0001b.txt' }, user.token],
          ['POST', '/auth/login', { email: 'x@example.com', password: nul }],
        ]
        for (const [method, path, body, token] of cases) {
          const res = await send(method, path, body, token)
          expect({ method, path, status: res.status, code: res.body.code }).toEqual({
            method,
            path,
            status: 400,
            code: 'validation_failed',
          })
        }
      })

      it('keep nothing: a refused sign-up makes no account', async () => {
        const email = uniqueEmail('nul')
        expect(
          (await send('POST', '/auth/register', { email, password: 'a long password here', name: nul })).status,
        ).toBe(400)
        const login = await postJson(app.api, '/auth/login', { email, password: 'a long password here' })
        expect(login.status).toBe(401)
      })

      it('are refused on any route, even one without a schema for that field (the input guard)', async () => {
        const res = await send('POST', '/api/probe/public', { anything: { nested: ['ok', `x${nul}`] } })
        expect(res).toEqual({
          status: 400,
          body: { code: 'validation_failed', detail: 'anything.nested.1: contains control characters.' },
        })
        expect((await send('POST', '/api/probe/public', { message: 'line one\nline two\ttabbed\r\n' })).status).toBe(
          200,
        )
      })

      it('from the database (22021) are a 400 too, as a backstop', async () => {
        expect(await send('GET', '/api/probe/nul-in-query')).toEqual({
          status: 400,
          body: { code: 'validation_failed', detail: 'The text contains characters that cannot be stored.' },
        })
      })
    })

    describe('text-direction controls (security review L-8)', () => {
      it('are refused in file names, titles and display names', async () => {
        const cases: [string, string, unknown, string?][] = [
          ['POST', '/api/presign', { filename: rlo }, user.token],
          [
            'POST',
            '/api/transfers',
            { files: [{ file_key: 'k' }], title: 'Invoice \u202Efdp.exe', recipient_emails: ['r@example.com'] },
            user.token,
          ],
          [
            'POST',
            '/auth/register',
            { email: uniqueEmail(), password: 'a long password here', name: 'Ann\u2066 Admin' },
          ],
          ['POST', '/api/rooms', { title: 'Room \u202Eexe', max_participants: 2, expires_in_hours: 1 }, user.token],
        ]
        for (const [method, path, body, token] of cases) {
          const res = await send(method, path, body, token)
          expect({ path, status: res.status, detail: res.body.detail }).toEqual({
            path,
            status: 400,
            detail: expect.stringContaining('characters that reverse the text direction'),
          })
        }
        // Right-to-left text itself is welcome.
        expect((await send('POST', '/api/presign', { filename: 'تقرير.pdf', file_size: 10 }, user.token)).status).toBe(
          200,
        )
      })
    })
  },
  authStacks({
    beforeListen(app, deps) {
      app.get('/api/probe/nul-in-query', { config: { access: 'public' } }, async () => {
        await deps.database.db.execute(sql`select ${nul}::text as t`)
        return {}
      })
    },
  }),
)
