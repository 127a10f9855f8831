import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import Fastify from 'fastify'
import { blobUploadRoutes } from '../../http/blob-upload.routes.js'
import { startS3Server } from '../../testing/s3-server.js'
import { createTestClock } from '../../testing/test-clock.js'
import type { BlobStore, LocalBlobStore, SignedUpload, UploadGate, UploadGateVerdict } from './blob-store.js'
import { createLocalDiskBlobStore } from './local-disk-blob-store.js'
import { createS3BlobStore } from './s3-blob-store.js'

/** A running store for tests, with whatever serves its signed URLs. */
export interface BlobHarness {
  store: BlobStore
  close(): Promise<void>
}

export interface LocalBlobHarness extends BlobHarness {
  store: LocalBlobStore
  dir: string
  origin: string
  /** Moves the store's clock forward. */
  advance(seconds: number): void
  /** Files left in the store's tmp folder and in-progress uploads. */
  leftovers(): Promise<{ tmp: string[]; uploads: string[] }>
  /** What the gate answers for `key` from now on ('open' unless set). */
  setVerdict(key: string, verdict: UploadGateVerdict): void
}

/** A gate with a verdict per key ('open' by default), as the uploads feature would give. */
export function createTestGate(verdicts = new Map<string, UploadGateVerdict>()): UploadGate {
  const verdictOf = (key: string) => verdicts.get(key) ?? 'open'
  return {
    check: async ({ key }) => verdictOf(key),
    async whileOpen({ key }, store) {
      const verdict = verdictOf(key)
      if (verdict === 'open') await store()
      return verdict
    },
  }
}

export const testSecret = 'test-signing-secret-0123456789abcdef'

/** The local driver in a temp folder behind `blobUploadRoutes` on a real Fastify server. */
export async function startLocalHarness(dir?: string): Promise<LocalBlobHarness> {
  const ownDir = dir === undefined
  const root = dir ?? (await mkdtemp(path.join(os.tmpdir(), 'ferry-blobs-')))
  const clock = createTestClock()
  let store: LocalBlobStore | undefined
  const verdicts = new Map<string, UploadGateVerdict>()
  const app = Fastify()
  await app.register(
    blobUploadRoutes({ receiveUpload: (upload, gate) => store!.receiveUpload(upload, gate) }, createTestGate(verdicts)),
  )
  const origin = await app.listen({ host: '127.0.0.1', port: 0 })
  store = createLocalDiskBlobStore({ dir: root, publicUrl: origin, signingSecret: testSecret, clock })
  const list = (name: string) => readdir(path.join(root, name)).catch(() => [] as string[])
  return {
    store,
    dir: root,
    origin,
    advance: (seconds) => clock.advance(seconds * 1000),
    leftovers: async () => ({ tmp: await list('tmp'), uploads: await list('uploads') }),
    setVerdict: (key, verdict) => void verdicts.set(key, verdict),
    async close() {
      await app.close()
      if (ownDir) await rm(root, { recursive: true, force: true })
    },
  }
}

/** The S3 driver against s3rver. */
export async function startS3Harness(): Promise<BlobHarness> {
  const server = await startS3Server()
  const store = createS3BlobStore({ ...server, forcePathStyle: true })
  return { store, close: () => server.close() }
}

export const MiB = 1024 * 1024

export const randomBody = (size: number) => randomBytes(size)

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** PUTs `body` to a signed URL the way a browser would. */
export function put(signed: SignedUpload, body: Buffer | string, headers: Record<string, string> = {}) {
  // A Buffer is a valid fetch body; TypeScript's DOM types only want ArrayBuffer-backed views.
  return fetch(signed.url, { method: 'PUT', headers: { ...signed.headers, ...headers }, body: body as BodyInit })
}
