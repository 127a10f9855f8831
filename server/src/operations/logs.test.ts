import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postJson } from '../features/auth/testing/auth-test-kit.js'
import { buildTestApp, type TestApp } from '../testing/test-app.js'

// What the server writes to its log must not hand a reader anything to use: no share ids,
// recipient tokens, upload signatures or query strings in request lines, and no values bound to
// a failed query (security review L-1 found a password hash there).

describe('the log', () => {
  const lines: string[] = []
  let t: TestApp
  const secretValue = 'argon2id-looking-secret-value'

  beforeAll(async () => {
    t = await buildTestApp({
      logLines: lines,
      beforeListen(app, deps) {
        app.get('/api/probe/failing-query', { config: { access: 'public' } }, async () => {
          await deps.database.db.execute(sql`select ${secretValue}::int as n`)
          return {}
        })
      },
    })
  })
  afterAll(() => t?.close())

  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>)

  it('shows requests by route template and status, never their URL', async () => {
    const shareId = 'ShareIdThatMustNotBeLogged0123456789abcd'
    const token = 'RecipientTokenNotForLogs'
    expect((await t.api(`/api/share/${shareId}?t=${token}`)).status).toBe(404)
    expect((await t.api(`/share/${shareId}/download?t=${token}`)).status).toBe(404)
    const put = await t.api(`/blobs/uploads/some-key?expires=1&sig=SignatureNotForLogs`, { method: 'PUT', body: 'x' })
    expect(put.status).toBeGreaterThanOrEqual(400)
    await postJson(t.api, '/auth/login', { email: 'someone@example.com', password: 'PasswordNotForLogs' })

    const text = lines.join('\n')
    for (const secret of [shareId, token, 'SignatureNotForLogs', 'sig=', '?t=', 'PasswordNotForLogs']) {
      expect(text).not.toContain(secret)
    }
    const requests = logged().filter((l) => l.msg === 'request completed')
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', route: '/api/share/:uniqueId', status: 404 }),
        expect.objectContaining({ method: 'GET', route: '/share/:uniqueId/download', status: 404 }),
        expect.objectContaining({ method: 'PUT', route: '/blobs/*' }),
        expect.objectContaining({ method: 'POST', route: '/auth/login', status: 401 }),
      ]),
    )
  })

  it('logs a failed query by its SQL and SQLSTATE, without the values bound to it', async () => {
    const res = await t.api('/api/probe/failing-query')
    expect(res.status).toBe(500)
    const text = lines.join('\n')
    expect(text).not.toContain(secretValue)
    const error = logged().find((l) => (l.err as { query?: string } | undefined)?.query?.includes('::int'))
    expect(error).toMatchObject({
      level: 50,
      err: { message: expect.stringMatching(/^Failed query: select \$1::int as n$/), cause: { code: '22P02' } },
    })
    expect(JSON.stringify(error)).toContain('[redacted]')
  })
})
