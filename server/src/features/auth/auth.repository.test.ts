import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { revokedTokens, users } from '../../db/schema/index.js'
import { forEachDatabase } from '../../testing/test-database.js'
import { createAuthRepository } from './auth.repository.js'
import { createSessionsRepository } from './sessions/sessions.repository.js'

await forEachDatabase((getDatabase) => {
  it('finds the user of a live session by its token hash, until its row goes or its epoch ends', async () => {
    const { db } = getDatabase()
    const repo = createAuthRepository(db)
    const sessions = createSessionsRepository(db)
    const [user] = await db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com`, name: 'S' })
      .returning()
    const now = new Date()
    const [kept, ended, expired] = [`kept-${randomUUID()}`, `ended-${randomUUID()}`, `expired-${randomUUID()}`]
    for (const tokenHash of [kept, ended, expired]) {
      await sessions.create({
        tokenHash,
        userId: user!.id,
        epoch: 0,
        label: 'Firefox on Linux',
        device: 'desktop',
        country: 'unknown',
        expiresAt: new Date(now.getTime() + (tokenHash === expired ? -1000 : 60_000)),
        now,
      })
    }
    expect((await sessions.findLive(user!.id, kept, 0, now))?.user.email).toBe(user!.email)
    expect(await sessions.findLive(user!.id, expired, 0, now)).toBeUndefined()
    expect(await sessions.findLive(randomUUID(), kept, 0, now)).toBeUndefined()
    const endedRow = await sessions.findLive(user!.id, ended, 0, now)
    expect(await sessions.remove(user!.id, endedRow!.sessionId)).toBe(true)
    expect(await sessions.findLive(user!.id, ended, 0, now)).toBeUndefined()

    expect(await repo.endAllSessions(user!.id)).toBe(true)
    expect(await sessions.findLive(user!.id, kept, 0, now)).toBeUndefined()
    expect(await sessions.findLive(user!.id, kept, 1, now)).toBeUndefined() // issued under epoch 0
    expect(await repo.endAllSessions(randomUUID())).toBe(false)
    expect(await sessions.sweepExpired(now)).toBeGreaterThanOrEqual(1)
  })

  it('sweeps only revocations whose token has expired anyway', async () => {
    const { db } = getDatabase()
    const repo = createAuthRepository(db)
    const now = new Date()
    const [old, live] = [randomUUID(), randomUUID()]
    await repo.revoke(old, new Date(now.getTime() - 1000))
    await repo.revoke(live, new Date(now.getTime() + 60_000))
    expect(await repo.sweepRevoked(now)).toBeGreaterThanOrEqual(1)
    const left = async (jti: string) => (await db.select().from(revokedTokens).where(eq(revokedTokens.jti, jti))).length
    expect([await left(old), await left(live)]).toEqual([0, 1])
  })
})
