import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe } from 'vitest'
import { buildApp } from '../app.js'
import type { Clock } from '../clock.js'
import { createServices, type Services } from '../composition.js'
import { loadConfig } from '../config.js'
import { createDeps, type Deps } from '../deps.js'
import { createLogger } from '../logger.js'
import { freePort } from './free-port.js'
import { startS3Server, type TestS3Server } from './s3-server.js'
import { generousSendLimits } from './send-limits.js'
import { availablePostgres, availableRedis, testRedisUrl } from './services.js'
import { createTestDatabase, type DatabaseKind } from './test-database.js'

export interface TestAppOptions {
  database?: DatabaseKind
  /** Open this PostgreSQL URL as the server would (instead of a fresh test database). */
  databaseUrl?: string
  storage?: 'local' | 's3'
  events?: 'in-process' | 'redis'
  /** Extra environment variables, as the server would read them. */
  env?: Record<string, string>
  clock?: Clock
  /** Collects the server's log lines (JSON, level info and above) for tests of what is logged. */
  logLines?: string[]
  /** Where the server listens (default 127.0.0.1; `::` to take connections on every address). */
  host?: string
  /** Registers extra routes (e.g. probes for cross-cutting behaviour) before the server listens. */
  beforeListen?: (app: FastifyInstance, deps: Deps, services: Services) => void | Promise<void>
}

export interface TestApp {
  app: FastifyInstance
  deps: Deps
  /** The services the server runs on (composition.ts): tests act through these, not new copies. */
  services: Services
  /** Origin of the listening server, e.g. http://127.0.0.1:41234 */
  url: string
  dataDir: string
  /** fetch against the server: `api('/api/x', init)` */
  api(pathname: string, init?: RequestInit): Promise<Response>
  close(): Promise<void>
}

/** A real server over real HTTP on 127.0.0.1, with its own database, data folder and store. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const port = await freePort()
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-app-'))
  const cleanups: (() => Promise<unknown>)[] = [() => fs.rm(dataDir, { recursive: true, force: true })]
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {})
  }
  try {
    const database = options.databaseUrl ? undefined : await createTestDatabase(options.database ?? 'pglite')
    if (database) cleanups.push(() => database.close())
    let s3: TestS3Server | undefined
    if (options.storage === 's3') {
      s3 = await startS3Server()
      cleanups.push(() => s3!.close())
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(s3
        ? {
            S3_ENDPOINT: s3.endpoint,
            S3_BUCKET: s3.bucket,
            S3_REGION: s3.region,
            S3_ACCESS_KEY_ID: s3.accessKeyId,
            S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
            S3_FORCE_PATH_STYLE: 'true',
          }
        : {}),
      // A prefix of its own: rate-limit counters (sign-ups per address…) are not shared with every
      // other test app, of this run or another, that uses the same Redis.
      ...(options.events === 'redis' ? { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `test-${randomUUID()}:` } : {}),
      ...options.env,
    })
    const logger = createLogger(
      options.logLines ? { ...config, logLevel: 'info' } : config,
      options.logLines ? { write: (line: string) => void options.logLines!.push(line) } : undefined,
    )
    const deps = await createDeps(config, logger, { database, clock: options.clock })
    // deps.close() closes the database too; keep the test database's own close (it drops it).
    cleanups.push(() => deps.close())
    const services = await createServices(deps)
    const app = await buildApp(deps, services)
    cleanups.push(() => app.close())
    await options.beforeListen?.(app, deps, services)
    await app.listen({ host: options.host ?? '127.0.0.1', port })
    const url = `http://127.0.0.1:${port}`
    return {
      app,
      deps,
      services,
      url,
      dataDir,
      api: (pathname, init) => fetch(new URL(pathname, url), init),
      close: cleanup,
    }
  } catch (error) {
    await cleanup()
    throw error
  }
}

/** The two stacks API tests run on: the embedded default, and the scaled-out services. */
export const testStacks: readonly (TestAppOptions & { name: string })[] = [
  { name: 'PGlite + local disk', database: 'pglite', storage: 'local', env: generousSendLimits },
  { name: 'PostgreSQL + S3 + Redis', database: 'postgres', storage: 's3', events: 'redis', env: generousSendLimits },
]

/**
 * Declares the suite once per stack, each with its own running server. The PostgreSQL stack
 * is skipped, loudly, when PostgreSQL or Redis is not reachable (an error under REQUIRE_SERVICES=1).
 */
export async function forEachStack(
  body: (getApp: () => TestApp, stack: (typeof testStacks)[number]) => void,
  stacks: readonly (TestAppOptions & { name: string })[] = testStacks,
): Promise<void> {
  const needsServices = stacks.some((s) => s.database === 'postgres' || s.events === 'redis')
  const servicesUp = needsServices ? Boolean((await availablePostgres()) && (await availableRedis())) : true
  for (const stack of stacks) {
    const needs = stack.database === 'postgres' || stack.events === 'redis'
    describe.skipIf(needs && !servicesUp)(stack.name, () => {
      let testApp: TestApp | undefined
      beforeAll(async () => {
        testApp = await buildTestApp(stack)
      })
      afterAll(async () => {
        await testApp?.close()
      })
      body(() => {
        if (!testApp) throw new Error('The test app is not running yet (use it inside tests or hooks)')
        return testApp
      }, stack)
    })
  }
}
