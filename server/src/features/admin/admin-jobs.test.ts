import type { AdminJobList } from '@ferry/contracts/api/admin'
import { beforeAll, describe, expect, it } from 'vitest'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { bearer } from '../auth/testing/auth-test-kit.js'
import { type Sender, signUp } from '../transfers/testing/transfers-test-kit.js'

// Issue 19: the job queue is visible in the admin console, and a dead job can be retried there.

await forEachStack((getApp) => {
  let app: TestApp
  let admin: Sender
  const kind = `admin-test-${Math.random().toString(36).slice(2, 8)}`

  const list = async (query: string, token = admin.token) => {
    const res = await app.api(`/api/admin/jobs${query}`, { headers: bearer(token) })
    return { status: res.status, body: (await res.json()) as AdminJobList & { code?: string } }
  }
  const retry = async (id: string, token = admin.token) => {
    const res = await app.api(`/api/admin/jobs/${id}/retry`, { method: 'POST', headers: bearer(token) })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  beforeAll(async () => {
    app = getApp()
    admin = await signUp(app, 'ADMIN')
  })

  it('lists jobs newest first, filtered by state and kind, a page at a time, and retries a dead one', async () => {
    const queue = app.services.jobQueue
    const ids: string[] = []
    for (let n = 0; n < 3; n++) {
      // Each in a millisecond of its own: jobs stamped in the same one are ordered by id instead.
      const before = Date.now()
      while (Date.now() === before) await new Promise((resolve) => setImmediate(resolve))
      ids.push((await queue.enqueue(kind, { n }, { maxAttempts: 1 }))!)
    }
    // The first one fails its only try: dead, with its error.
    const [taken] = await queue.claim('test-worker', [kind], 1, 60_000)
    expect(taken!.id).toBe(ids[0])
    expect(await queue.fail(taken!.id, 'test-worker', new Error('pdftoppm failed: exit 1'))).toBe('dead')

    const all = await list(`?kind=${kind}`)
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(3)
    expect(all.body.items.map((j) => j.id)).toEqual([...ids].reverse())
    expect(all.body.counts).toEqual(
      expect.arrayContaining([
        { kind, state: 'queued', count: 2 },
        { kind, state: 'dead', count: 1 },
      ]),
    )

    const first = await list(`?kind=${kind}&limit=2`)
    expect(first.body.items).toHaveLength(2)
    const second = await list(`?kind=${kind}&limit=2&cursor=${first.body.next_cursor}`)
    expect(second.body.items.map((j) => j.id)).toEqual([ids[0]])
    expect(second.body.next_cursor).toBeNull()

    const dead = await list(`?kind=${kind}&state=dead`)
    expect(dead.body.items).toMatchObject([
      { id: ids[0], kind, state: 'dead', attempts: 1, max_attempts: 1, last_error: 'Error: pdftoppm failed: exit 1' },
    ])

    const retried = await retry(ids[0]!)
    expect(retried.status).toBe(200)
    expect(retried.body).toMatchObject({ id: ids[0], state: 'queued', attempts: 0 })
    expect((await list(`?kind=${kind}&state=dead`)).body.total).toBe(0)

    const notDead = await retry(ids[1]!)
    expect(notDead.status).toBe(409)
    expect(notDead.body).toMatchObject({ code: 'job_not_retryable' })
    const unknown = await retry(crypto.randomUUID())
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'job_not_found' })
  })

  describe('who may look', () => {
    it('answers 401 without a session and 403 to a user who is not an admin', async () => {
      expect((await app.api('/api/admin/jobs')).status).toBe(401)
      const user = await signUp(app, 'PREMIUM')
      expect((await list('', user.token)).status).toBe(403)
      expect((await retry(crypto.randomUUID(), user.token)).status).toBe(403)
    })

    it('refuses a state that does not exist, or a kind with odd characters, with 400', async () => {
      expect((await list('?state=sleeping')).status).toBe(400)
      expect((await list('?kind=%3Cscript%3E')).status).toBe(400)
    })
  })
})
