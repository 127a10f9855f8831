import { uploadConcurrency, uploadRetryDelaysMs } from '@ferry/contracts/api/uploads'
import type { Body, Meta, UppyFile } from '@uppy/core'
import { apiClient, createApiClient } from '../../lib/api-client.js'
import { createUploadsApi } from './api/uploads-api.js'
import { watchConnectivity } from './connectivity.js'
import { isIgnoredSystemFile, uploadFileName } from './file-names.js'
import { usesMultipart } from './part-size.js'
import { createResumableUploads } from './resumable-uploads.js'
import { maxUploadRetries, retryDelayMs } from './retry-policy.js'
import { createNoticeBoard, createSnapshotStore } from './snapshot-store.js'
import { createRateMeter } from './transfer-rate.js'
import type { UploadEngine, UploadEngineOptions } from './upload-engine-types.js'
import { type UploadFailure, uploadFailureOf } from './upload-error.js'
import { createUploadMemory } from './upload-memory.js'
import {
  buildSnapshot,
  emptySnapshot,
  newEntry,
  type QueueEntry,
  recordBytes,
  type UploadNotice,
  type UploadQueueSnapshot,
} from './upload-queue-state.js'
import { createUppyTransport } from './uppy-transport.js'

export type { UploadEngine, UploadEngineOptions } from './upload-engine-types.js'

export function createUploadEngine(options: UploadEngineOptions = {}): UploadEngine {
  const withSession = options.withSession ?? options.requestId === undefined
  const api =
    options.api ??
    createUploadsApi(withSession ? apiClient : createApiClient({ withSession: false, handleUnauthorized: false }))
  const delays = options.retryDelaysMs ?? uploadRetryDelaysMs
  const maxRetries = options.maxRetries ?? maxUploadRetries
  const intervalMs = options.progressIntervalMs ?? 500
  const noticeMs = options.noticeMs ?? 5000
  const now = options.now ?? Date.now

  const entries = new Map<string, QueueEntry>()
  const totalMeter = createRateMeter()
  let totalTransferred = 0
  let autoStart = options.autoStart ?? true
  let paused = false
  let pausedBySignOut = false
  let destroyed = false
  let ticker: ReturnType<typeof setInterval> | undefined

  const store = createSnapshotStore<UploadQueueSnapshot>(emptySnapshot, () => ({
    ...buildSnapshot({
      entries: [...entries.values()],
      paused,
      totalBytesPerSecond: totalMeter.bytesPerSecond(),
      notice: notices.current(),
    }),
    resumable: resumable.offers(),
  }))
  const publish = (): void => store.publish()
  const notices = createNoticeBoard<UploadNotice>(publish)
  // Multipart uploads survive a reload: remembered in IndexedDB, offered again on the next visit.
  const resumable = createResumableUploads({
    memory: options.memory ?? createUploadMemory(),
    api,
    scope: options.requestId === undefined ? 'account' : `request:${options.requestId}`,
    onChange: () => {
      if (!destroyed) publish()
    },
  })
  /** Each multipart file's lastModified, which with its name and size says it is the same file. */
  const lastModifiedOf = new Map<string, number>()

  function tick() {
    const at = now()
    let moving = false
    for (const entry of entries.values()) {
      if (entry.phase !== 'active' || paused) continue
      entry.meter.record(at, entry.transferred)
      moving = true
    }
    if (moving) totalMeter.record(at, totalTransferred)
    else totalMeter.reset()
    publish()
    if (!moving) stopTicker()
  }

  function startTicker() {
    if (ticker !== undefined || destroyed) return
    totalMeter.record(now(), totalTransferred)
    ticker = setInterval(tick, intervalMs)
  }

  function stopTicker() {
    clearInterval(ticker)
    ticker = undefined
  }

  const uppy = createUppyTransport({
    api,
    requestId: options.requestId,
    limit: options.limit ?? uploadConcurrency,
    retryDelaysMs: delays,
    infoTimeoutMs: noticeMs,
    uploadPartBytes: options.uploadPartBytes,
    onPresigned(fileId, key) {
      const entry = entries.get(fileId)
      if (entry) entry.fileKey = key
    },
    onMultipartCreated(fileId, ref) {
      const entry = entries.get(fileId)
      if (!entry || destroyed) return false
      entry.multipartRef = ref
      entry.fileKey = ref.key
      const { name, size, type } = entry
      resumable.started(fileId, { name, size, type, lastModified: lastModifiedOf.get(fileId) ?? 0 }, ref)
      return true
    },
    onMultipartLost(fileId) {
      const entry = entries.get(fileId)
      if (entry) entry.multipartRef = null
      resumable.ended(fileId)
    },
  })

  uppy.on('s3-multipart:part-uploaded', (file, part) => {
    if (file && part.PartNumber !== undefined) resumable.partDone(file.id, part.PartNumber)
  })

  uppy.on('file-added', (file) => {
    const size = file.size ?? 0
    const name = file.name ?? 'file'
    const entry = newEntry({ id: file.id, name, size, type: file.type, multipart: usesMultipart(size) })
    entries.set(file.id, entry)
    if (!entry.multipart) return
    const lastModified = file.data instanceof File ? file.data.lastModified : 0
    lastModifiedOf.set(file.id, lastModified)
    // The same file as an unfinished upload of an earlier visit: Uppy restores it (list-parts, then
    // only the missing parts).
    const earlier = resumable.take({ name, size, lastModified })
    if (earlier) {
      const ref = { uploadId: earlier.uploadId, key: earlier.key }
      entry.multipartRef = ref
      entry.fileKey = ref.key
      resumable.started(file.id, { name, size, type: entry.type, lastModified }, ref, earlier.parts)
      uppy.setFileState(file.id, { s3Multipart: ref } as Partial<UppyFile<Meta, Body>>)
    } else if (resumable.offersName(name)) {
      notices.show({ kind: 'notSameFile', name }, noticeMs)
    }
  })

  uppy.on('upload-start', (files) => {
    for (const file of files) {
      const entry = entries.get(file.id)
      if (entry && entry.phase !== 'done') entry.phase = 'active'
    }
    startTicker()
    publish()
  })

  uppy.on('upload-progress', (file, progress) => {
    const entry = file && entries.get(file.id)
    if (!entry || entry.phase === 'done') return
    const before = entry.transferred
    if (recordBytes(entry, progress.bytesUploaded)) totalTransferred += entry.transferred - before
    // Progress past the furthest point yet means the connection works again: retries start over.
    if (entry.bytes > entry.furthest) {
      entry.furthest = entry.bytes
      entry.attempt = 0
    }
  })

  uppy.on('upload-success', (file) => {
    const entry = file && entries.get(file.id)
    if (!entry) return
    resumable.ended(entry.id)
    entry.phase = 'done'
    entry.failure = null
    entry.bytes = entry.size
    entry.meter.reset()
    publish()
  })

  uppy.on('upload-error', (file, error) => {
    const entry = file && entries.get(file.id)
    if (entry && !destroyed) fail(entry, uploadFailureOf(error))
  })

  function fail(entry: QueueEntry, failure: UploadFailure) {
    // The engine owns errors: left on Uppy's file, upload() would retry it before starting new files.
    if (uppy.getFile(entry.id)) uppy.setFileState(entry.id, { error: null })
    entry.meter.reset()
    entry.failure = failure
    if (failure.retryable && entry.attempt < maxRetries) {
      entry.attempt += 1
      entry.phase = 'waiting'
      if (!paused) scheduleRetry(entry, retryDelayMs(entry.attempt, delays))
    } else {
      entry.phase = 'error'
    }
    publish()
  }

  function scheduleRetry(entry: QueueEntry, delayMs: number) {
    clearTimeout(entry.retryTimer ?? undefined)
    entry.retryTimer = setTimeout(() => {
      entry.retryTimer = null
      if (!paused && !destroyed && entries.has(entry.id)) restart(entry)
    }, delayMs)
  }

  /** Sends a file again; a multipart upload the server still has resumes through listParts. */
  function restart(entry: QueueEntry) {
    clearTimeout(entry.retryTimer ?? undefined)
    entry.retryTimer = null
    entry.phase = 'active'
    if (entry.multipartRef) {
      uppy.setFileState(entry.id, { s3Multipart: entry.multipartRef } as Partial<UppyFile<Meta, Body>>)
    }
    void uppy.retryUpload(entry.id).catch(() => undefined)
    startTicker()
    publish()
  }

  function startWaitingFiles() {
    if (!autoStart || paused || destroyed) return
    if (![...entries.values()].some((entry) => entry.phase === 'idle')) return
    void uppy.upload().catch(() => undefined)
  }

  function abortOnServer(entry: QueueEntry) {
    if (entry.phase !== 'done' && entry.multipartRef) void api.abortMultipart(entry.multipartRef)
    entry.multipartRef = null
  }

  function forget(entry: QueueEntry) {
    clearTimeout(entry.retryTimer ?? undefined)
    entries.delete(entry.id)
    resumable.ended(entry.id)
    if (uppy.getFile(entry.id)) uppy.removeFile(entry.id)
    abortOnServer(entry)
  }

  function pause() {
    if (paused) return
    paused = true
    for (const entry of entries.values()) {
      clearTimeout(entry.retryTimer ?? undefined)
      entry.retryTimer = null
      entry.meter.reset()
    }
    uppy.pauseAll()
    totalMeter.reset()
    publish()
  }

  function resume() {
    if (!paused) return
    paused = false
    uppy.resumeAll()
    for (const entry of entries.values()) {
      if (entry.phase === 'active') entry.meter.reset()
      if (entry.phase === 'waiting') restart(entry)
    }
    startTicker()
    startWaitingFiles()
    publish()
  }

  function retry(entry: QueueEntry) {
    if (entry.phase !== 'error' && entry.phase !== 'waiting') return
    // What failed for good (a refused signature, a rejected part list) fails again on the same upload.
    if (entry.failure && !entry.failure.retryable) abortOnServer(entry)
    entry.attempt = 0
    entry.failure = null
    if (paused) {
      entry.phase = 'waiting'
      publish()
    } else {
      restart(entry)
    }
  }

  const stopWatching = watchConnectivity({
    offline: () => notices.show({ kind: 'offline' }),
    online,
  })
  function online() {
    if (notices.current()?.kind === 'offline') notices.show(null)
    if (paused) return
    // Back online: what was waiting out the drop goes now, from where the server has it.
    for (const entry of entries.values()) {
      if (entry.phase === 'waiting' || (entry.phase === 'error' && entry.failure?.retryable)) {
        entry.attempt = 0
        restart(entry)
      }
    }
  }

  // Signed out, the server would not answer for the account's uploads: they are checked at sign-in.
  if (autoStart) void resumable.load()

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,

    addFiles(files) {
      if (destroyed) return
      const duplicates: string[] = []
      const onRejected = (file: UppyFile<Meta, Body> | undefined) => void duplicates.push(file?.name ?? '')
      uppy.on('restriction-failed', onRejected)
      try {
        uppy.addFiles(
          files
            .filter((picked) => !isIgnoredSystemFile(picked.file.name))
            .map((picked) => {
              const name = uploadFileName(picked.file.name, picked.relativePath)
              return { name, type: picked.file.type, data: picked.file, meta: { relativePath: name }, source: 'ferry' }
            }),
        )
      } catch {
        // Uppy reports files it could not read in 'restriction-failed' or drops them; the rest were added.
      } finally {
        uppy.off('restriction-failed', onRejected)
      }
      if (duplicates.length > 0) notices.show({ kind: 'duplicates', names: duplicates }, noticeMs)
      startWaitingFiles()
      publish()
    },

    remove(id) {
      const entry = entries.get(id)
      if (!entry) return
      forget(entry)
      publish()
    },

    clear() {
      for (const entry of [...entries.values()]) forget(entry)
      publish()
    },

    pauseAll() {
      pausedBySignOut = false
      pause()
    },

    resumeAll() {
      pausedBySignOut = false
      resume()
    },

    retry(id) {
      const entry = entries.get(id)
      if (entry) retry(entry)
    },

    retryAll() {
      for (const entry of entries.values()) if (entry.phase === 'error') retry(entry)
    },

    dismissResumable(id) {
      resumable.dismiss(id)
    },

    setAutoStart(on) {
      if (autoStart === on) return
      autoStart = on
      if (on) {
        void resumable.load()
        if (pausedBySignOut) resume()
        pausedBySignOut = false
        startWaitingFiles()
      } else if (!paused && [...entries.values()].some((e) => e.phase === 'active' || e.phase === 'waiting')) {
        // Signed out: the uploads are the account's, so they wait for a sign-in.
        pause()
        pausedBySignOut = true
      }
      publish()
    },

    destroy() {
      if (destroyed) return
      destroyed = true
      stopTicker()
      notices.close()
      for (const entry of entries.values()) {
        clearTimeout(entry.retryTimer ?? undefined)
        if (entry.phase !== 'done' && entry.multipartRef) resumable.ended(entry.id)
        abortOnServer(entry)
      }
      stopWatching()
      uppy.destroy()
      store.close()
    },
  }
}
