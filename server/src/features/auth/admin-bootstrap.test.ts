import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../cli/admin-command.js'
import { systemClock } from '../../clock.js'
import { loadConfig } from '../../config.js'
import { openDatabase } from '../../db/open-database.js'
import { users } from '../../db/schema/index.js'
import { availablePostgres } from '../../testing/services.js'
import { buildTestApp } from '../../testing/test-app.js'
import { createTestDatabase, forEachDatabase } from '../../testing/test-database.js'
import { createUsersService } from '../users/users.service.js'
import { createAuthService } from './auth.service.js'
import {
  bearer,
  postJson,
  registerAccount,
  registerProbeRoutes,
  testSecondFactor,
  uniqueEmail,
} from './testing/auth-test-kit.js'

const root = fileURLToPath(new URL('../../../..', import.meta.url))
const postgres = await availablePostgres()

const login = async (api: Parameters<typeof postJson>[0], email: string, password: string) =>
  postJson(api, '/auth/login', { email, password })

describe('admin bootstrap from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('creates the account as ADMIN at start', async () => {
    const t = await buildTestApp({
      env: { ADMIN_EMAIL: ' Boss@Example.COM ', ADMIN_PASSWORD: 'admin-password' },
      beforeListen: registerProbeRoutes,
    })
    try {
      const res = await login(t.api, 'boss@example.com', 'admin-password')
      expect(res.status).toBe(200)
      const { access_token: token, user } = await res.json()
      expect(user).toMatchObject({ email: 'boss@example.com', role: 'ADMIN', name: 'boss' })
      expect((await t.api('/api/probe/admin', { headers: bearer(token) })).status).toBe(200)
    } finally {
      await t.close()
    }
  })

  it('refuses to start with an admin password under 8 characters', async () => {
    await expect(buildTestApp({ env: { ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'short' } })).rejects.toThrow(
      /at least 8 characters/,
    )
  })

  it.skipIf(!postgres)(
    'promotes an existing account and sets its password, on instances starting together',
    async () => {
      const database = await createTestDatabase('postgres')
      const opened = []
      try {
        const first = await buildTestApp({ databaseUrl: database.url! })
        opened.push(first)
        const { user } = await registerAccount(first.api, { password: 'users-own-password', name: 'Existing' })
        const env = { ADMIN_EMAIL: user.email.toUpperCase(), ADMIN_PASSWORD: 'bootstrap-password' }
        const both = await Promise.all([0, 1].map(() => buildTestApp({ databaseUrl: database.url!, env })))
        opened.push(...both)
        const res = await login(both[1]!.api, user.email, 'bootstrap-password')
        expect(res.status).toBe(200)
        // The operator named the address: it counts as confirmed (spec/accounts.md §2).
        expect((await res.json()).user).toEqual({ ...user, role: 'ADMIN', email_confirmed: true })
        expect((await login(first.api, user.email, 'users-own-password')).status).toBe(401)
      } finally {
        await Promise.all(opened.map((t) => t.close()))
        await database.close()
      }
    },
  )
})

await forEachDatabase((getDatabase) => {
  const quiet = pino({ level: 'silent' })
  const service = (env: Record<string, string> = {}) => {
    const deps = {
      config: loadConfig({ DATA_DIR: os.tmpdir(), ...env }),
      database: getDatabase(),
      clock: systemClock,
      logger: quiet,
    }
    return createAuthService(deps, createUsersService(deps), testSecondFactor(deps))
  }
  const run = async (args: string[]) => {
    const lines: string[] = []
    const push = (line: string) => void lines.push(line)
    const code = await runAdminCommand(args, await service(), { out: push, err: push })
    return { code, output: lines.join('\n') }
  }
  const roleOf = async (email: string) =>
    (await getDatabase().db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role

  it('bootstrap promotes an existing FREE account and is idempotent', async () => {
    const auth = await service()
    const email = uniqueEmail('promote')
    await auth.register({ email, password: 'password-123', name: 'P' })
    const admin = await service({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'new-password' })
    expect(await admin.bootstrapAdmin()).toEqual({ id: expect.any(String), email, created: false })
    expect(await admin.bootstrapAdmin()).toMatchObject({ created: false })
    expect(await roleOf(email)).toBe('ADMIN')
    await expect(auth.login({ email, password: 'password-123' })).rejects.toMatchObject({ status: 401 })
    expect((await auth.login({ email, password: 'new-password' })).user.role).toBe('ADMIN')
  })

  it('a new admin password ends the sessions of the account; the same one given again does not', async () => {
    const auth = await service()
    const email = uniqueEmail('rotate')
    const before = await auth.register({ email, password: 'password-123', name: 'R' })
    const admin = await service({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'new-password' })
    await admin.bootstrapAdmin()
    expect(await auth.authenticate(before.token.token)).toBeUndefined()
    const after = await auth.login({ email, password: 'new-password' })
    // Every start gives ADMIN_PASSWORD again: it must not sign the admin out each time.
    await admin.bootstrapAdmin()
    expect((await auth.authenticate(after.token.token))?.user.email).toBe(email)
    await auth.upsertAdmin(email, 'changed-by-the-cli')
    expect(await auth.authenticate(after.token.token)).toBeUndefined()
  })

  it('the admin command promotes an existing account', async () => {
    const email = uniqueEmail('cli')
    await (await service()).register({ email, password: 'password-123', name: 'C' })
    expect(await run(['promote', ` ${email.toUpperCase()} `])).toEqual({ code: 0, output: `${email} is now ADMIN.` })
    expect(await roleOf(email)).toBe('ADMIN')
  })

  it('the admin command creates an admin that can log in', async () => {
    const email = uniqueEmail('made')
    expect(await run(['create', email, 'cli-password', 'Made By CLI'])).toEqual({
      code: 0,
      output: `Created the ADMIN account ${email}.`,
    })
    const { user } = await (await service()).login({ email, password: 'cli-password' })
    expect(user).toMatchObject({ name: 'Made By CLI', role: 'ADMIN' })
  })

  it('the admin command explains what went wrong', async () => {
    const unknown = await run(['promote', 'nobody@example.com'])
    expect(unknown.code).toBe(1)
    expect(unknown.output).toMatch(/No account has the email nobody@example.com/)
    expect(await run(['create', 'x@example.com', 'short'])).toEqual({
      code: 2,
      output: 'Password must be at least 8 characters.',
    })
    expect((await run(['create', 'not-an-email', 'password-123'])).output).toBe('Please enter a valid email address.')
    const usage = await run(['demote', 'x@example.com'])
    expect(usage.code).toBe(2)
    expect(usage.output).toMatch(/^Usage:/)
  })
})

/** `npm run admin -- ...` from the repository root, as an operator would type it. */
function npmRunAdmin(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c) => (stdout += c))
    child.stderr.on('data', (c) => (stderr += c))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('npm run admin', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))))

  it('creates and promotes in a PGlite data folder', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-admin-cli-'))
    dirs.push(dataDir)
    const created = await npmRunAdmin(['create', 'first@example.com', 'password-123', 'First'], { DATA_DIR: dataDir })
    expect(created, created.stderr).toMatchObject({ code: 0, stdout: 'Created the ADMIN account first@example.com.\n' })

    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') })
    try {
      await database.db.insert(users).values({ email: 'second@example.com', name: 'Second' })
    } finally {
      await database.close()
    }
    const promoted = await npmRunAdmin(['promote', 'second@example.com'], { DATA_DIR: dataDir })
    expect(promoted, promoted.stderr).toMatchObject({ code: 0, stdout: 'second@example.com is now ADMIN.\n' })

    const check = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') })
    try {
      const rows = await check.db.select({ email: users.email, role: users.role }).from(users).orderBy(users.email)
      expect(rows).toEqual([
        { email: 'first@example.com', role: 'ADMIN' },
        { email: 'second@example.com', role: 'ADMIN' },
      ])
    } finally {
      await check.close()
    }
  }, 60_000)

  it.skipIf(!postgres)(
    'promotes an account of a running server on PostgreSQL',
    async () => {
      const database = await createTestDatabase('postgres')
      const t = await buildTestApp({ databaseUrl: database.url!, beforeListen: registerProbeRoutes })
      try {
        const { access_token: token, user } = await registerAccount(t.api)
        expect((await t.api('/api/probe/admin', { headers: bearer(token) })).status).toBe(403)
        const result = await npmRunAdmin(['promote', user.email], { DATABASE_URL: database.url! })
        expect(result, result.stderr).toMatchObject({ code: 0, stdout: `${user.email} is now ADMIN.\n` })
        expect((await t.api('/api/probe/admin', { headers: bearer(token) })).status).toBe(200)

        const missing = await npmRunAdmin(['promote', 'ghost@example.com'], { DATABASE_URL: database.url! })
        expect(missing.code).toBe(1)
        expect(missing.stderr).toMatch(/No account has the email ghost@example.com/)
      } finally {
        await t.close()
        await database.close()
      }
    },
    60_000,
  )
})
