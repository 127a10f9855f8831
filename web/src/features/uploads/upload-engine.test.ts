import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-error.js'
import { patternFile, sha256, waitFor } from './testing/engine-waits.js'
import { createFakeUploadServer } from './testing/fake-upload-server.js'
import { createUploadEngine, type UploadEngine, type UploadEngineOptions } from './upload-engine.js'

const MiB = 1024 * 1024

let engines: UploadEngine[] = []
afterEach(() => {
  for (const engine of engines) engine.destroy()
  engines = []
})

function setup(options: UploadEngineOptions = {}) {
  const server = createFakeUploadServer()
  const engine = createUploadEngine({
    api: server.api,
    uploadPartBytes: server.putBytes,
    retryDelaysMs: [0, 5, 10, 20],
    progressIntervalMs: 20,
    ...options,
  })
  engines.push(engine)
  return { server, engine }
}

describe('createUploadEngine', () => {
  it('sends a small file in one presigned PUT and hands back its record', async () => {
    const { server, engine } = setup()
    const file = patternFile('notes.txt', 1, 'text/plain')
    engine.addFiles([{ file, relativePath: 'docs/2024/notes.txt' }])

    const done = await waitFor(engine, (s) => s.allDone)
    expect(done.completed).toEqual([{ file_key: 'k1', file_name: 'docs/2024/notes.txt', file_size: MiB }])
    expect(done.items[0]).toMatchObject({ status: 'done', progress: 1, fileKey: 'k1', multipart: false })
    expect(server.calls[0]).toEqual({
      op: 'presign',
      body: { filename: 'docs/2024/notes.txt', content_type: 'text/plain', file_size: MiB },
    })
    expect(await sha256(server.objects.get('k1') as Blob)).toBe(await sha256(file))
  })

  it('sends a file over 100 MB in 16 MiB parts and completes it', async () => {
    const { server, engine } = setup()
    const file = patternFile('big.bin', 120)
    engine.addFiles([{ file }])

    const done = await waitFor(engine, (s) => s.allDone)
    expect(done.items[0]?.multipart).toBe(true)
    // Every part's URL came with the upload (multipart/create signs the first parts, part-signer.ts
    // hands them out): no sign call at all, let alone one before each PUT.
    expect(server.ops()).not.toContain('sign')
    expect(server.calls.find((c) => c.op === 'create')?.body).toMatchObject({
      filename: 'big.bin',
      file_size: 120 * MiB,
      part_size: 16 * MiB,
    })
    const complete = server.calls.find((c) => c.op === 'complete')?.body as { parts: { PartNumber: number }[] }
    expect(complete.parts.map((p) => p.PartNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(done.completed).toEqual([{ file_key: 'k1', file_name: 'big.bin', file_size: 120 * MiB }])
    expect(await sha256(server.objects.get('k1') as Blob)).toBe(await sha256(file))
  }, 30_000)

  it('resumes a multipart upload after the server was down, sending only the missing parts', async () => {
    const { server, engine } = setup()
    const file = patternFile('big.bin', 120)
    const origin = server.putBytes
    // The server dies once three parts are stored...
    let killed = false
    const putBytes: typeof origin = async (options) => {
      const result = await origin(options)
      if (!killed && server.partPuts.length === 3) {
        killed = true
        server.setDown(true)
      }
      return result
    }
    const resumable = createUploadEngine({ api: server.api, uploadPartBytes: putBytes, retryDelaysMs: [0, 5, 10, 20] })
    engines.push(resumable)
    engine.destroy()
    resumable.addFiles([{ file }])
    // ...and comes back once the upload outlasted Uppy's own retries and waits for the engine's.
    await waitFor(resumable, (s) => s.items[0]?.status === 'retrying', 20_000)
    server.setDown(false)

    const done = await waitFor(resumable, (s) => s.allDone || s.errorCount > 0, 20_000)
    expect(done.items[0]?.status).toBe('done')
    expect(server.ops()).toContain('list')
    expect(server.ops()).not.toContain('abort')
    expect(server.ops().filter((op) => op === 'create')).toHaveLength(1)
    // The three parts stored before the outage were never sent again.
    const [first, second, third] = server.partPuts
    for (const part of [first, second, third]) expect(server.partPuts.filter((p) => p === part)).toHaveLength(1)
    expect(new Set(server.partPuts).size).toBe(8)
    expect(await sha256(server.objects.get('k1') as Blob)).toBe(await sha256(file))
  }, 30_000)

  it('retries a single PUT when nothing answers, then stores the file', async () => {
    const { server, engine } = setup()
    server.setDown(true)
    engine.addFiles([{ file: patternFile('a.bin', 1) }])
    await waitFor(engine, (s) => s.items[0]?.status === 'retrying')
    server.setDown(false)
    const done = await waitFor(engine, (s) => s.allDone || s.errorCount > 0)
    expect(done.items[0]?.status).toBe('done')
    expect(server.ops().filter((op) => op === 'presign').length).toBeGreaterThan(1)
  })

  it('gives up after ten retries and shows the last failure', async () => {
    const { server, engine } = setup({ retryDelaysMs: [0, 1, 2] })
    server.setDown(true)
    engine.addFiles([{ file: patternFile('a.bin', 1) }])
    const failed = await waitFor(engine, (s) => s.errorCount > 0)
    expect(failed.items[0]?.error).toMatchObject({ code: 'presign_failed', status: 0, retryable: true })
    expect(server.ops().filter((op) => op === 'presign')).toHaveLength(11)
  })

  it('does not retry a refusal, and tries again on request', async () => {
    const { server, engine } = setup()
    server.refuse('presign', new ApiError(413, 'Files exceed your 2GB limit', 'plan_limit'))
    engine.addFiles([{ file: patternFile('a.bin', 1) }])
    const failed = await waitFor(engine, (s) => s.errorCount > 0)
    expect(failed.items[0]?.error).toEqual({
      code: 'presign_failed',
      status: 413,
      serverCode: 'plan_limit',
      detail: 'Files exceed your 2GB limit',
      retryable: false,
    })
    expect(server.ops()).toEqual(['presign'])

    server.refuse('presign', null)
    const id = failed.items[0]?.id ?? ''
    engine.retry(id)
    const done = await waitFor(engine, (s) => s.allDone)
    expect(done.completed).toHaveLength(1)
  })

  it('maps each failing step to its message code', async () => {
    const { server, engine } = setup()
    server.refuse('create', new ApiError(400, 'No.'))
    engine.addFiles([{ file: patternFile('big.bin', 101) }])
    const failed = await waitFor(engine, (s) => s.errorCount > 0)
    expect(failed.items[0]?.error?.code).toBe('multipart_create_failed')
  }, 30_000)

  it('aborts the multipart upload on the server when its file is removed', async () => {
    const { server, engine } = setup()
    const release = server.hold()
    engine.addFiles([{ file: patternFile('big.bin', 101) }, { file: patternFile('small.bin', 1) }])
    await waitFor(engine, () => server.putsInFlight() > 0)
    const big = engine.getSnapshot().items.find((item) => item.name === 'big.bin')
    engine.remove(big?.id ?? '')
    release()
    const done = await waitFor(engine, (s) => s.allDone)
    expect(done.items.map((item) => item.name)).toEqual(['small.bin'])
    expect(server.calls.filter((c) => c.op === 'abort')).toEqual([{ op: 'abort', body: { uploadId: 'u1', key: 'k1' } }])
    expect(server.uploads.get('u1')?.aborted).toBe(true)
  }, 30_000)

  it('pauses and resumes, picking the parts up through listParts', async () => {
    const { server, engine } = setup()
    const release = server.hold()
    engine.addFiles([{ file: patternFile('big.bin', 120) }])
    await waitFor(engine, () => server.putsInFlight() > 0)
    engine.pauseAll()
    expect(engine.getSnapshot()).toMatchObject({ isPaused: true, isUploading: false })
    expect(engine.getSnapshot().items[0]?.status).toBe('paused')
    release()
    // The PUTs let go answer (cancelled) without storing anything.
    await vi.waitFor(() => expect(server.putsInFlight()).toBe(0))
    expect(server.objects.size).toBe(0)

    engine.resumeAll()
    const done = await waitFor(engine, (s) => s.allDone)
    expect(server.ops()).toContain('list')
    expect(done.completed).toHaveLength(1)
  }, 30_000)

  it('lists files without sending them until told to start', async () => {
    const { server, engine } = setup({ autoStart: false })
    // Everything adding the file set in motion runs to its end, timers included, before the check.
    vi.useFakeTimers()
    try {
      engine.addFiles([{ file: patternFile('a.bin', 1) }])
      await vi.runAllTimersAsync()
    } finally {
      vi.useRealTimers()
    }
    expect(engine.getSnapshot().items[0]?.status).toBe('queued')
    expect(server.calls).toEqual([])
    engine.setAutoStart(true)
    await waitFor(engine, (s) => s.allDone)
  })

  it('ties keys to a request link when given one', async () => {
    const { server, engine } = setup({ requestId: 'req-1' })
    engine.addFiles([{ file: patternFile('a.bin', 1) }])
    await waitFor(engine, (s) => s.allDone)
    expect(server.calls[0]?.body).toMatchObject({ request_id: 'req-1' })
  })

  it('says which files were already listed, and skips folder metadata', async () => {
    const { engine } = setup({ autoStart: false })
    const file = patternFile('a.bin', 1)
    engine.addFiles([{ file }, { file: new File(['x'], '.DS_Store') }])
    engine.addFiles([{ file }])
    const snapshot = engine.getSnapshot()
    expect(snapshot.items.map((item) => item.name)).toEqual(['a.bin'])
    expect(snapshot.notice).toEqual({ kind: 'duplicates', names: ['a.bin'] })
  })

  it('measures speed from the bytes sent', async () => {
    let clock = 0
    let clockReads = 0
    const now = () => {
      clockReads++
      return clock
    }
    const { server, engine } = setup({ now, progressIntervalMs: 5 })
    const release = server.hold()
    engine.addFiles([{ file: patternFile('big.bin', 120) }])
    await waitFor(engine, () => server.putsInFlight() > 0)
    // The start read the clock, and so did a progress tick: the file's first sample is at 0 ms.
    await vi.waitFor(() => expect(clockReads).toBeGreaterThanOrEqual(2))
    clock = 2000
    release()
    // Only the parts already waiting go through: the upload cannot finish before a speed shows.
    const releaseRest = server.hold()
    const moving = await waitFor(engine, (s) => (s.items[0]?.bytesPerSecond ?? 0) > 0)
    releaseRest()
    const item = moving.items[0]
    expect(item?.bytesPerSecond).toBeCloseTo((item?.bytesUploaded ?? 0) / 2, 0)
    expect(moving.bytesPerSecond).toBeGreaterThan(0)
    expect(moving.secondsLeft).toBeGreaterThan(0)
  }, 30_000)
})
