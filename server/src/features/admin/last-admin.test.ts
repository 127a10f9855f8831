import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availablePostgres } from '../../testing/services.js'
import { buildTestApp, type TestApp } from '../../testing/test-app.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { client, userRow } from './testing/admin-test-kit.js'

describe('the last admin', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await buildTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('cannot be demoted or deleted; a second admin makes both possible', async () => {
    const only = await signUp(app, 'ADMIN', 'Only Admin')
    const other = await signUp(app, 'FREE', 'Other')
    const api = client(app.api, only.token)
    // Nobody changes their own role (so the last admin cannot demote itself); another admin can.
    const demote = await api.put(`/api/admin/users/${only.id}`, { name: 'Only Admin', email: only.email, role: 'FREE' })
    expect(demote).toMatchObject({ status: 409, body: { code: 'admin_own_role' } })
    expect((await userRow(app, only.id))?.role).toBe('ADMIN')

    await api.put(`/api/admin/users/${other.id}`, { name: 'Other', email: other.email, role: 'ADMIN' })
    const asOther = client(app.api, other.token)
    expect(
      (await asOther.put(`/api/admin/users/${only.id}`, { name: 'X', email: only.email, role: 'FREE' })).status,
    ).toBe(200)
    // `other` is now the only admin: the demoted one cannot delete or demote them.
    expect((await api.del(`/api/admin/users/${other.id}`)).status).toBe(403)
    expect(
      (await asOther.put(`/api/admin/users/${other.id}`, { name: 'Other', email: other.email, role: 'PREMIUM' })).body
        .code,
    ).toBe('admin_own_role')
    expect((await userRow(app, other.id))?.role).toBe('ADMIN')
  })
})

describe.skipIf(!(await availablePostgres()))('the last admin, on PostgreSQL under concurrency', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await buildTestApp({ database: 'postgres' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('two admins demoting each other at once leave one admin', async () => {
    const a = await signUp(app, 'ADMIN', 'A')
    const b = await signUp(app, 'ADMIN', 'B')
    const [ab, ba] = await Promise.all([
      client(app.api, a.token).put(`/api/admin/users/${b.id}`, { name: 'B', email: b.email, role: 'FREE' }),
      client(app.api, b.token).put(`/api/admin/users/${a.id}`, { name: 'A', email: a.email, role: 'FREE' }),
    ])
    // The loser is refused by the rule (409), or by the guard if the winner committed first (403).
    const statuses = [ab.status, ba.status]
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.find((status) => status !== 200)).toBeOneOf([403, 409])
    const roles = [(await userRow(app, a.id))?.role, (await userRow(app, b.id))?.role]
    expect(roles.filter((r) => r === 'ADMIN')).toHaveLength(1)
  })
})
