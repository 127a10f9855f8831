import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../../testing/free-port.js'
import { availablePostgres } from '../../testing/services.js'
import { createTestDatabase } from '../../testing/test-database.js'
import { waitForHealth } from '../../testing/wait-for-health.js'
import { bearer, postJson, uniqueEmail } from './testing/auth-test-kit.js'

// An acknowledged sign-up survives the server being killed outright (SIGKILL: no shutdown at all).

const root = fileURLToPath(new URL('../../../..', import.meta.url))

const startTimeoutMs = 150_000

interface Server {
  child: ChildProcess
  api(pathname: string, init?: RequestInit): Promise<Response>
  output(): string
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      FERRY_SKIP_WEB_BUILD: '1',
      PORT: String(port),
      SFTP_PORT: '0', // SFTP (default 2222) only where a test asks for it: parallel servers would collide
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (c) => (output += c))
  child.stderr!.on('data', (c) => (output += c))
  const url = `http://127.0.0.1:${port}`
  // Generous: a fresh PGlite database runs every migration as the server starts, which takes
  // about a minute on a busy two-core machine.
  await waitForHealth(url, child, () => output, startTimeoutMs)
  return { child, api: (pathname, init) => fetch(new URL(pathname, url), init), output: () => output }
}

async function kill(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', (_code, signal) => resolve(signal)))
  server.child.kill('SIGKILL')
  expect(await exited).toBe('SIGKILL')
}

async function signUpKillAndSignIn(env: Record<string, string>) {
  const email = uniqueEmail('durable')
  const first = await startServer(env)
  let token: string
  try {
    const res = await postJson(first.api, '/auth/register', { email, password: 'password-123', name: 'Durable' })
    expect(res.status, first.output()).toBe(201)
    token = (await res.json()).access_token
  } finally {
    await kill(first)
  }

  const second = await startServer(env)
  try {
    const res = await postJson(second.api, '/auth/login', { email, password: 'password-123' })
    expect(res.status, second.output()).toBe(200)
    expect((await res.json()).user.email).toBe(email)
    // The signing secret was kept too: the token from before the crash is still good.
    expect(await (await postJson(second.api, '/auth/verify', { token })).json()).toMatchObject({ valid: true })
    expect((await postJson(second.api, '/auth/logout', undefined, bearer(token))).status).toBe(200)
  } finally {
    await kill(second)
  }
}

describe('durability of accounts: PGlite', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))))

  it(
    'keeps an acknowledged sign-up after SIGKILL',
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-auth-durability-'))
      dirs.push(dataDir)
      await signUpKillAndSignIn({ DATA_DIR: dataDir })
    },
    3 * startTimeoutMs,
  )
})

describe.skipIf(!(await availablePostgres()))('durability of accounts: PostgreSQL', () => {
  const dirs: string[] = []
  afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))))

  it(
    'keeps an acknowledged sign-up after SIGKILL',
    async () => {
      const database = await createTestDatabase('postgres')
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-auth-durability-'))
      dirs.push(dataDir)
      try {
        await signUpKillAndSignIn({ DATA_DIR: dataDir, DATABASE_URL: database.url! })
      } finally {
        await database.close()
      }
    },
    3 * startTimeoutMs,
  )
})
