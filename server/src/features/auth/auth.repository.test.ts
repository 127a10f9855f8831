import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { revokedTokens, users } from '../../db/schema/index.js'
import { forEachDatabase } from '../../testing/test-database.js'
import { createAuthRepository } from './auth.repository.js'

await forEachDatabase((getDatabase) => {
  it('finds the user of a token until that token is revoked', async () => {
    const { db } = getDatabase()
    const repo = createAuthRepository(db)
    const [user] = await db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com`, name: 'R' })
      .returning()
    const [kept, revoked] = [randomUUID(), randomUUID()]
    await repo.revoke(revoked, new Date(Date.now() + 60_000))
    await repo.revoke(revoked, new Date(Date.now() + 60_000)) // twice is fine

    expect((await repo.findUserForToken(user!.id, kept, 0))?.email).toBe(user!.email)
    expect(await repo.findUserForToken(user!.id, revoked, 0)).toBeUndefined()
    expect(await repo.findUserForToken(randomUUID(), kept, 0)).toBeUndefined()
  })

  it('finds the user only for a token of the current session epoch', async () => {
    const { db } = getDatabase()
    const repo = createAuthRepository(db)
    const [user] = await db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com`, name: 'E' })
      .returning()
    const jti = randomUUID()
    expect((await repo.findUserForToken(user!.id, jti, 0))?.sessionEpoch).toBe(0)
    expect(await repo.endAllSessions(user!.id)).toBe(true)
    expect(await repo.findUserForToken(user!.id, jti, 0)).toBeUndefined()
    expect((await repo.findUserForToken(user!.id, jti, 1))?.sessionEpoch).toBe(1)
    expect(await repo.endAllSessions(randomUUID())).toBe(false)
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
