import os from 'node:os'
import type { AdminUserCreateResponse } from '@ferry/contracts/api/admin'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../cli/admin-command.js'
import { systemClock } from '../../clock.js'
import { loadConfig } from '../../config.js'
import { buildTestApp, forEachStack } from '../../testing/test-app.js'
import { createTestDatabase } from '../../testing/test-database.js'
import { client, tokenOf, unique } from '../admin/testing/admin-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { createUsersService } from '../users/users.service.js'
import { createAuthService } from './auth.service.js'
import { authStacks, postJson, testSecondFactor, uniqueEmail } from './testing/auth-test-kit.js'

// Security review L-7: a new password is refused when it is one of the common breached passwords
// (in any case) or the account's own name, email or the email's local part (NIST 800-63B).

const common = {
  code: 'password_common',
  detail: 'This password is one of the most common ones and easy to guess. Please choose another.',
}
const personal = {
  code: 'password_personal',
  detail: 'Your password must not be your name or your email address. Please choose another.',
}

await forEachStack((getApp) => {
  const register = async (body: { email: string; password: string; name: string }) => {
    const res = await postJson(getApp().api, '/auth/register', body)
    return { status: res.status, body: await res.json() }
  }

  it('refuses a common password at sign-up, whatever its case, and keeps no account', async () => {
    const email = uniqueEmail('common')
    for (const password of ['password123', 'PassWord123', 'iloveyou1', 'qwertyuiop']) {
      expect(await register({ email, password, name: 'C' })).toEqual({ status: 400, body: common })
    }
    expect((await register({ email, password: 'a quiet harbour at dawn', name: 'C' })).status).toBe(201)
  })

  it('refuses the name, the email or its local part as the password', async () => {
    const local = `lucia-${Date.now()}`
    const email = `${local}@example.com`
    expect(await register({ email, password: local, name: 'L' })).toEqual({ status: 400, body: personal })
    expect(await register({ email, password: email.toUpperCase(), name: 'L' })).toEqual({ status: 400, body: personal })
    expect(await register({ email, password: 'Lucia Fernandez', name: ' lucia fernandez ' })).toEqual({
      status: 400,
      body: personal,
    })
    expect((await register({ email, password: `${local}-and-more`, name: 'L' })).status).toBe(201)
  })

  it('applies the same rules to a set-password link', async () => {
    const app = getApp()
    const admin = await signUp(app, 'ADMIN', 'Ada Admin')
    const created = await client(app.api, admin.token).post<AdminUserCreateResponse>('/api/admin/users', {
      name: 'Nina Newcomer',
      email: unique('nina'),
      role: 'FREE',
    })
    const token = tokenOf(created.body.set_password_url)
    const set = (password: string) => client(app.api).post('/api/set-password', { token, password })
    expect(await set('football1')).toMatchObject({ status: 400, body: common })
    expect(await set('nina newcomer')).toMatchObject({ status: 400, body: personal })
    expect((await set('a long new password')).status).toBe(200)
  })
}, authStacks())

describe('the admin account', () => {
  it('refuses to start with a common ADMIN_PASSWORD', async () => {
    await expect(
      buildTestApp({ env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'password1' } }),
    ).rejects.toThrow('ADMIN_PASSWORD is refused: This password is one of the most common ones')
  })

  it('the admin command explains a refused password', async () => {
    const database = await createTestDatabase('pglite')
    try {
      const deps = {
        config: loadConfig({ DATA_DIR: os.tmpdir() }),
        database,
        clock: systemClock,
        logger: pino({ level: 'silent' }),
      }
      const auth = await createAuthService(deps, createUsersService(deps), testSecondFactor(deps))
      const lines: string[] = []
      const push = (line: string) => void lines.push(line)
      const code = await runAdminCommand(['create', 'boss@example.com', 'baseball1'], auth, { out: push, err: push })
      expect({ code, output: lines.join('\n') }).toEqual({ code: 2, output: common.detail })
    } finally {
      await database.close()
    }
  })
})
