import { afterEach, describe, expect, it } from 'vitest'
import { patternFile as pattern, sha256, waitFor } from './testing/engine-waits.js'
import { createFakeUploadServer } from './testing/fake-upload-server.js'
import { createMapUploadMemory } from './testing/memory-upload-memory.js'
import { createUploadEngine, type UploadEngine, type UploadEngineOptions } from './upload-engine.js'

const MiB = 1024 * 1024

const patternFile = (name: string, mebibytes: number, lastModified?: number) =>
  pattern(name, mebibytes, undefined, lastModified)

let engines: UploadEngine[] = []
afterEach(() => {
  for (const engine of engines) engine.destroy()
  engines = []
})

function engineFor(options: UploadEngineOptions) {
  const engine = createUploadEngine({ retryDelaysMs: [0, 5, 10, 20], progressIntervalMs: 20, ...options })
  engines.push(engine)
  return engine
}

/**
 * A first visit that stored three parts of a 120 MiB file before the network went (the page then
 * gives up: no retries), as a reload would leave it: the server keeps the parts, the memory the upload.
 */
async function interruptedVisit() {
  const server = createFakeUploadServer()
  const memory = createMapUploadMemory()
  const file = patternFile('big.bin', 120)
  const origin = server.putBytes
  const putBytes: typeof origin = async (options) => {
    const result = await origin(options)
    if (server.partPuts.length === 3) server.setDown(true)
    return result
  }
  const first = engineFor({ api: server.api, memory, uploadPartBytes: putBytes, maxRetries: 0, retryDelaysMs: [] })
  first.addFiles([{ file }])
  await waitFor(first, (s) => s.errorCount === 1)
  server.setDown(false)
  return { server, memory, file }
}

describe('uploads that survive a reload', () => {
  it('remembers the multipart upload and the parts that finished', async () => {
    const { memory, server } = await interruptedVisit()
    const [record] = [...memory.records.values()]
    expect(record).toMatchObject({
      scope: 'account',
      name: 'big.bin',
      size: 120 * MiB,
      lastModified: 1_700_000_000_000,
    })
    expect(record?.uploadId).toBe([...server.uploads.keys()][0])
    expect(record?.parts.toSorted()).toEqual(server.partPuts.slice(0, 3).toSorted())
  }, 30_000)

  it('offers it on the next visit and, given the same file, sends only the missing parts', async () => {
    const { server, memory, file } = await interruptedVisit()
    const next = engineFor({ api: server.api, memory, uploadPartBytes: server.putBytes })
    const offered = await waitFor(next, (s) => s.resumable.length === 1)
    expect(offered.resumable[0]).toMatchObject({ name: 'big.bin', size: 120 * MiB, uploadedBytes: 3 * 16 * MiB })

    next.addFiles([{ file: patternFile('big.bin', 120) }])
    expect(next.getSnapshot().resumable).toEqual([])
    const done = await waitFor(next, (s) => s.allDone || s.errorCount > 0, 20_000)
    expect(done.items[0]?.status).toBe('done')
    expect(server.ops().filter((op) => op === 'create')).toHaveLength(1)
    const [a, b, c] = server.partPuts
    for (const part of [a, b, c]) expect(server.partPuts.filter((p) => p === part)).toHaveLength(1)
    expect(new Set(server.partPuts).size).toBe(8)
    expect(await sha256(server.objects.get('k1') as Blob)).toBe(await sha256(file))
    // Finished: nothing left to offer next time.
    await waitFor(next, () => memory.records.size === 0)
  }, 30_000)

  it('does not take a file of the same name but another date for it: it starts afresh and says why', async () => {
    const { server, memory } = await interruptedVisit()
    const next = engineFor({ api: server.api, memory, uploadPartBytes: server.putBytes })
    await waitFor(next, (s) => s.resumable.length === 1)
    next.addFiles([{ file: patternFile('big.bin', 120, 1_800_000_000_000) }])
    expect(next.getSnapshot().notice).toEqual({ kind: 'notSameFile', name: 'big.bin' })
    expect(next.getSnapshot().resumable).toHaveLength(1)
    await waitFor(next, (s) => s.allDone, 20_000)
    expect(server.ops().filter((op) => op === 'create')).toHaveLength(2)
  }, 30_000)

  it('forgets what the server no longer has, and what the person dismisses', async () => {
    const { server, memory } = await interruptedVisit()
    const [record] = [...memory.records.values()]
    // Another remembered upload the server never heard of (expired and swept, say).
    await memory.save({ ...(record as NonNullable<typeof record>), name: 'gone.bin', uploadId: 'u-gone', parts: [] })
    const next = engineFor({ api: server.api, memory, uploadPartBytes: server.putBytes })
    const offered = await waitFor(next, (s) => s.resumable.length === 1)
    expect(offered.resumable.map((upload) => upload.name)).toEqual(['big.bin'])
    expect([...memory.records.values()].map((upload) => upload.name)).toEqual(['big.bin'])

    next.dismissResumable(offered.resumable[0]?.id ?? '')
    expect(next.getSnapshot().resumable).toEqual([])
    await waitFor(next, () => memory.records.size === 0)
    expect(server.calls.at(-1)).toEqual({ op: 'abort', body: { uploadId: record?.uploadId, key: record?.key } })
  }, 30_000)

  it('waits for a sign-in before asking the server about the account’s uploads', async () => {
    const { server, memory } = await interruptedVisit()
    const listsBefore = server.ops().filter((op) => op === 'list').length
    const next = engineFor({ api: server.api, memory, uploadPartBytes: server.putBytes, autoStart: false })
    expect(server.ops().filter((op) => op === 'list')).toHaveLength(listsBefore)
    next.setAutoStart(true)
    await waitFor(next, (s) => s.resumable.length === 1)
  }, 30_000)
})
