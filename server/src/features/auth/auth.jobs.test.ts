import { expect, it } from 'vitest'
import { revokedTokens } from '../../db/schema/index.js'
import { createTestClock } from '../../testing/test-clock.js'
import { forEachDatabase } from '../../testing/test-database.js'
import { authJobs } from './auth.jobs.js'
import { createAuthRepository } from './auth.repository.js'

await forEachDatabase((getDatabase) => {
  it('sweeps only revocations whose tokens have expired', async () => {
    const database = getDatabase()
    const now = new Date('2026-11-21T12:00:00Z')
    const repo = createAuthRepository(database.db)
    await repo.revoke('00000000-0000-4000-8000-000000000001', new Date('2026-11-20T12:00:00Z'))
    await repo.revoke('00000000-0000-4000-8000-000000000002', new Date('2026-12-20T12:00:00Z'))

    const [job] = authJobs({ database, clock: createTestClock(now) })
    expect(job?.name).toBe('sweep-revoked-tokens')
    expect(await job?.run()).toBe(1)

    const left = await database.db.select({ jti: revokedTokens.jti }).from(revokedTokens)
    expect(left).toEqual([{ jti: '00000000-0000-4000-8000-000000000002' }])
  })
})
