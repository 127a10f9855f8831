import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { createServices } from '../../composition.js'
import { loadConfig } from '../../config.js'
import { createDeps } from '../../deps.js'
import { freePort } from '../../testing/free-port.js'
import { startS3Server } from '../../testing/s3-server.js'
import { availablePostgres, availableRedis, testRedisUrl } from '../../testing/services.js'
import { createTestDatabase } from '../../testing/test-database.js'
import { registerAccount } from '../auth/testing/auth-test-kit.js'
import { as, MiB, ok, randomBody, readAll, sendPart, sha256, uploadParts } from './testing/uploads-test-kit.js'

/** A server as main.ts builds it, on storage and a database that outlive it. */
async function startServer(env: Record<string, string>) {
  const port = await freePort()
  const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'silent', ...env })
  const deps = await createDeps(config, pino({ level: 'silent' }))
  const app = await buildApp(deps, await createServices(deps))
  await app.listen({ host: '127.0.0.1', port })
  const url = `http://127.0.0.1:${port}`
  return {
    deps,
    api: (pathname: string, init?: RequestInit) => fetch(new URL(pathname, url), init),
    async close() {
      await app.close()
      await deps.close()
    },
  }
}

const servicesUp = Boolean((await availablePostgres()) && (await availableRedis()))

const setups = [
  {
    name: 'PGlite + local disk (same data folder)',
    local: true,
    skip: false,
    async prepare(dataDir: string) {
      return { env: { DATA_DIR: dataDir }, close: async () => {} }
    },
  },
  {
    name: 'PostgreSQL + S3 + Redis (same database and bucket)',
    local: false,
    skip: !servicesUp,
    async prepare(dataDir: string) {
      const database = await createTestDatabase('postgres')
      const s3 = await startS3Server()
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url!,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        REDIS_URL: testRedisUrl,
        REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
      }
      return { env, close: () => Promise.all([s3.close(), database.close()]).then(() => {}) }
    },
  },
]

describe.each(setups)('a server restart in the middle of a multipart upload: $name', ({ local, skip, prepare }) => {
  it.skipIf(skip)('keeps the parts already stored; the upload resumes and completes', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ferry-restart-'))
    const setup = await prepare(dataDir)
    try {
      const bodies = [randomBody(5 * MiB), randomBody(5 * MiB), randomBody(3 * MiB)]
      const first = await startServer(setup.env)
      let headers: Record<string, string>
      let upload: Awaited<ReturnType<typeof uploadParts>>
      try {
        const { access_token } = await registerAccount(first.api)
        headers = as(access_token)
        upload = await uploadParts(first.api, headers, bodies.slice(0, 2), { file_size: 13 * MiB, part_size: 5 * MiB })
      } finally {
        await first.close()
      }

      const second = await startServer(setup.env)
      try {
        const ref = { key: upload.key, uploadId: upload.uploadId }
        if (local) {
          // s3rver has no ListParts; S3 itself answers it the same way.
          const listed = await ok<{ parts: { PartNumber: number; ETag: string }[] }>(
            second.api,
            'multipartListParts',
            ref,
            headers,
          )
          expect(listed.parts.map(({ PartNumber, ETag }) => ({ PartNumber, ETag }))).toEqual(upload.parts)
        }
        const etag = await sendPart(second.api, headers, ref, 3, bodies[2]!)
        const parts = [...upload.parts, { PartNumber: 3, ETag: etag }]
        expect(await ok(second.api, 'multipartComplete', { ...ref, parts }, headers)).toEqual({ location: upload.key })
        const stored = await readAll(await second.deps.blobs.read(upload.key))
        expect(sha256(stored)).toBe(sha256(Buffer.concat(bodies)))
      } finally {
        await second.close()
      }
    } finally {
      await setup.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
