import { describe, expect, it } from 'vitest'
import { buildTestApp } from '../testing/test-app.js'

describe('the auth guard at startup', () => {
  it.each(['/api/forgot', '/auth/forgot'])(
    'refuses to start with a route under %s that declares no access',
    async (url) => {
      await expect(
        buildTestApp({
          beforeListen(app) {
            app.register(async (plugin) => {
              plugin.get(url, async () => ({}))
            })
          },
        }),
      ).rejects.toThrow(
        `Route GET ${url} must declare config.access: 'public', 'user', 'participant', 'admin' (got undefined)`,
      )
    },
  )

  it('refuses an access level it does not know', async () => {
    await expect(
      buildTestApp({
        beforeListen(app) {
          // @ts-expect-error: not an Access value
          app.post('/api/typo', { config: { access: 'users' } }, async () => ({}))
        },
      }),
    ).rejects.toThrow(/must declare config\.access.*\(got users\)/)
  })

  it('starts with routes outside /api and /auth that declare nothing, and serves the docs publicly', async () => {
    const t = await buildTestApp({
      beforeListen(app) {
        app.get('/elsewhere', async () => ({ ok: true }))
      },
    })
    try {
      expect((await t.api('/elsewhere')).status).toBe(200)
      expect((await t.api('/api/docs/json')).status).toBe(200)
      const doc = await (await t.api('/api/docs/json')).json()
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/auth/login', '/auth/register', '/auth/google', '/auth/logout', '/auth/verify']),
      )
      expect(doc.paths['/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual([
        'email',
        'password',
        'name',
      ])
    } finally {
      await t.close()
    }
  })
})
