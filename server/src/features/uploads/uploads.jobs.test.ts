import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { BlobStore } from '../../adapters/blob-store/blob-store.js'
import type { Database } from '../../db/database.js'
import { openPostgresDatabase } from '../../db/postgres-database.js'
import { startJobs } from '../../jobs/job-runner.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { registerAccount } from '../auth/testing/auth-test-kit.js'
import { as, MiB, ok, randomBody, uploadParts, uploadStacks, uploadWhole } from './testing/uploads-test-kit.js'
import { claimedKeyOf } from './upload-keys.js'
import { createPendingUploadsSweeper, uploadsJobs } from './uploads.jobs.js'
import { createUploadsRepository } from './uploads.repository.js'
import { createUploadClaims } from './uploads.service.js'

const { clock, stacks } = uploadStacks()
const day = 24 * 60 * 60 * 1000

/** A second connection pool on the same PostgreSQL database (another instance); PGlite shares its one. */
async function secondInstanceDatabase(app: TestApp): Promise<{ database: Database; close(): Promise<void> }> {
  const { config, database } = app.deps
  if (config.database.kind !== 'postgres') return { database, close: async () => {} }
  const other = await openPostgresDatabase({ url: config.database.url, max: 4 })
  return { database: other, close: () => other.close() }
}

/** The store, counting deletes per key. */
function countingStore(blobs: BlobStore) {
  const deletes = new Map<string, number>()
  const store: BlobStore = {
    ...blobs,
    delete: async (key) => {
      deletes.set(key, (deletes.get(key) ?? 0) + 1)
      return blobs.delete(key)
    },
  }
  return { store, deletes }
}

await forEachStack((getApp, stack) => {
  const local = stack.storage === 'local'
  const rows = () => createUploadsRepository(getApp().deps.database.db)

  async function expiredUploads(count: number): Promise<string[]> {
    const { api } = getApp()
    const { access_token } = await registerAccount(api)
    const keys = []
    for (let i = 0; i < count; i++) keys.push(await uploadWhole(api, as(access_token), randomBody(100)))
    return keys
  }

  describe('sweep-pending-uploads', () => {
    it('deletes unclaimed uploads once expired, bytes and all; keeps fresh and claimed files', async () => {
      const { api, deps } = getApp()
      const me = await registerAccount(api)
      const headers = as(me.access_token)
      try {
        const put = await uploadWhole(api, headers, randomBody(1000))
        const neverSent = (await ok<{ file_key: string }>(api, 'presign', { filename: 'x', file_size: 10 }, headers))
          .file_key
        const completed = await uploadParts(api, headers, [randomBody(100)])
        await ok(api, 'multipartComplete', completed, headers)
        const claimed = await uploadWhole(api, headers, randomBody(10))
        await deps.database.db.transaction((tx) =>
          createUploadClaims(deps).claimUploads(tx, { userId: me.user.id }, [claimed]),
        )
        const inProgress = local ? await uploadParts(api, headers, [randomBody(5 * MiB)]) : undefined

        clock.advance(day + 60_000)
        const fresh = await uploadWhole(api, headers, randomBody(10))
        const result = await createPendingUploadsSweeper(deps).sweep()
        expect(result.swept).toBeGreaterThanOrEqual(local ? 4 : 3)
        expect(result.dropped).toBeGreaterThanOrEqual(1)

        for (const key of [put, neverSent, completed.key, claimed, ...(inProgress ? [inProgress.key] : [])]) {
          expect(await rows().find(key), key).toBeUndefined()
        }
        expect(await deps.blobs.stat(put)).toBeNull()
        expect(await deps.blobs.stat(completed.key)).toBeNull()
        // A claimed file belongs to its transfer now (at its claimed key): only the record of the claim goes.
        expect((await deps.blobs.stat(claimedKeyOf(claimed)))?.size).toBe(10)
        expect(await deps.blobs.stat(claimed)).toBeNull()
        expect((await rows().find(fresh))?.status).toBe('pending')
        expect((await deps.blobs.stat(fresh))?.size).toBe(10)
        if (inProgress) {
          await expect(deps.blobs.listParts(inProgress.key, inProgress.uploadId)).rejects.toThrow(/not in progress/)
        }
      } finally {
        clock.reset()
      }
    })

    it.skipIf(!local)('keeps an upload alive while parts are signed', async () => {
      const { api, deps } = getApp()
      const me = await registerAccount(api)
      const headers = as(me.access_token)
      try {
        const upload = await uploadParts(api, headers, [randomBody(10)], {
          file_size: 10 * MiB + 10,
          part_size: 10 * MiB,
        })
        clock.advance(20 * 60 * 60 * 1000)
        await ok(api, 'multipartSignPart', { ...upload, partNumber: 2 }, headers)
        clock.advance(20 * 60 * 60 * 1000)
        await createPendingUploadsSweeper(deps).sweep()
        expect((await rows().find(upload.key))?.status).toBe('pending')
        expect(await ok(api, 'multipartComplete', upload, headers)).toEqual({ location: upload.key })
        // Signing parts keeps only an upload within its bounds alive: one past the end does not.
      } finally {
        clock.reset()
      }
    })

    it('sweeps each upload once when two sweeps race', async () => {
      const app = getApp()
      const keys = await expiredUploads(12)
      const other = await secondInstanceDatabase(app)
      try {
        clock.advance(day + 60_000)
        const one = countingStore(app.deps.blobs)
        const two = countingStore(app.deps.blobs)
        const results = await Promise.all([
          createPendingUploadsSweeper({ ...app.deps, blobs: one.store }).sweep(),
          createPendingUploadsSweeper({ ...app.deps, database: other.database, blobs: two.store }).sweep(),
        ])
        for (const key of keys) {
          expect((one.deletes.get(key) ?? 0) + (two.deletes.get(key) ?? 0), key).toBe(1)
          expect(await app.deps.blobs.stat(key)).toBeNull()
        }
        expect(results[0].swept + results[1].swept).toBeGreaterThanOrEqual(keys.length)
      } finally {
        clock.reset()
        await other.close()
      }
    })

    it('sweeps each upload once with two job runners racing (one instance per tick)', async () => {
      const app = getApp()
      const keys = await expiredUploads(8)
      const other = await secondInstanceDatabase(app)
      clock.advance(day + 60_000)
      const one = countingStore(app.deps.blobs)
      const two = countingStore(app.deps.blobs)
      const fast = (deps: Parameters<typeof uploadsJobs>[0]) =>
        uploadsJobs(deps).map((job) => ({ ...job, intervalMs: 200 }))
      const logger = { info() {}, error() {} }
      const runners = [
        startJobs({ ...app.deps, logger }, fast({ ...app.deps, blobs: one.store }), { holder: 'a', firstTickMs: 0 }),
        startJobs(
          { database: other.database, clock: app.deps.clock, logger },
          fast({ ...app.deps, database: other.database, blobs: two.store }),
          {
            holder: 'b',
            firstTickMs: 0,
          },
        ),
      ]
      try {
        await vi.waitFor(
          async () => {
            for (const key of keys) expect(await rows().find(key)).toBeUndefined()
          },
          { timeout: 5000, interval: 100 },
        )
        for (const key of keys) {
          expect((one.deletes.get(key) ?? 0) + (two.deletes.get(key) ?? 0), key).toBe(1)
          expect(await app.deps.blobs.stat(key)).toBeNull()
        }
      } finally {
        await Promise.all(runners.map((runner) => runner.stop()))
        clock.reset()
        await other.close()
      }
    })

    it('puts a row back when its bytes cannot be deleted, to retry later', async () => {
      const { deps } = getApp()
      const [key] = await expiredUploads(1)
      clock.advance(day + 60_000)
      try {
        const failing: BlobStore = { ...deps.blobs, delete: async () => Promise.reject(new Error('store down')) }
        const logger = { ...deps.logger, warn: vi.fn() }
        await createPendingUploadsSweeper({ ...deps, blobs: failing, logger }).sweep()
        expect((await rows().find(key!))?.status).toBe('pending')
        expect(logger.warn).toHaveBeenCalled()
        await createPendingUploadsSweeper(deps).sweep()
        expect(await rows().find(key!)).toBeUndefined()
        expect(await deps.blobs.stat(key!)).toBeNull()
      } finally {
        clock.reset()
      }
    })

    it.skipIf(!local)('removes what interrupted writes left in the tmp folder once a day old', async () => {
      const { deps } = getApp()
      if (deps.config.storage.kind !== 'local') throw new Error('local storage expected')
      const tmp = path.join(deps.config.storage.dir, 'tmp')
      await mkdir(tmp, { recursive: true })
      const stalePart = path.join(tmp, `part-${randomUUID()}`)
      const staleFolder = path.join(tmp, `complete-${randomUUID()}`)
      const beingReceived = path.join(tmp, `put-${randomUUID()}`)
      await writeFile(stalePart, 'half a part')
      await mkdir(staleFolder)
      await writeFile(path.join(staleFolder, '00001'), 'a part')
      await writeFile(beingReceived, 'still arriving')
      const now = deps.clock.now()
      const dayAndAMinuteAgo = new Date(now.getTime() - day - 60_000)
      for (const entry of [stalePart, staleFolder]) await utimes(entry, dayAndAMinuteAgo, dayAndAMinuteAgo)
      await utimes(beingReceived, now, now)

      const result = await createPendingUploadsSweeper(deps).sweep()
      expect(result.scratch).toBeGreaterThanOrEqual(2)
      expect(existsSync(stalePart)).toBe(false)
      expect(existsSync(staleFolder)).toBe(false)
      expect(await readFile(beingReceived, 'utf8')).toBe('still arriving')
      await rm(beingReceived)
    })
  })
}, stacks)
