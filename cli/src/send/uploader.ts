import type { UploadedFileRecord } from '@ferry/contracts/api/transfers'
import { type SignedPart, uploadRetryDelaysMs } from '@ferry/contracts/api/uploads'
import { createPartSigner } from '@ferry/contracts/domain/part-signer'
import { partBytes, partCount } from '@ferry/contracts/domain/upload-parts'
import { uploadsApi } from '@ferry/contracts/routes/uploads'
import type { ApiClient } from '../api.js'
import { ApiError } from '../errors.js'
import type { Progress } from '../progress.js'
import { createLimiter } from './limiter.js'
import { putRange, type RateLimit, RetryablePutError } from './put-part.js'
import type { LocalFile } from './scan.js'
import { type UploadState, type UploadStateStore, uploadStateStore } from './upload-state.js'

export interface UploadOptions {
  api: ApiClient
  /** Where unfinished uploads are remembered (config.ts stateDir()/uploads). */
  stateDir: string
  /** Bytes of each part of a multipart upload; files no bigger go up in one PUT. */
  partSize: number
  /** Parts (or whole small files) in flight at once. */
  parallel: number
  limit?: RateLimit
  progress: Progress
  signal?: AbortSignal
  /** Told about each finished part (for the log and the tests). */
  onPart?(file: LocalFile, partNumber: number): void
}

/** A file uploaded and ready to be claimed by a transfer, with the state to drop once it is. */
export interface UploadedFile {
  record: UploadedFileRecord & { file_key: string; file_name: string; file_size: number }
  state: UploadStateStore
  /** Bytes that were already on the server from an earlier run. */
  resumedBytes: number
}

type Multipart = Extract<UploadState, { kind: 'multipart' }>

/**
 * Uploads `files` through the server's own upload protocol (contracts/src/routes/uploads.ts, as the
 * web does): a presigned PUT for a file that fits one part, else multipart with parts in parallel,
 * each PUT to a URL sign-parts hands out (several parts signed per call). What finished is saved as it finishes, so a second run
 * asks the server which parts it has (list-parts) and sends only the others.
 */
export async function uploadFiles(files: readonly LocalFile[], options: UploadOptions): Promise<UploadedFile[]> {
  const transfers = createLimiter(options.parallel)
  // Files being prepared at once: enough to keep the transfers busy, few enough not to flood the API.
  const filesAtOnce = createLimiter(Math.max(2, options.parallel))
  const failed = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, failed.signal]) : failed.signal
  const context = { ...options, signal, transfers }
  // Promise.all rejects with the first failure, the one to report; the others are the abort it caused.
  return Promise.all(
    files.map((file) =>
      filesAtOnce(() => uploadOne(file, context)).catch((error: unknown) => {
        failed.abort()
        throw error
      }),
    ),
  )
}

type Context = UploadOptions & { signal: AbortSignal; transfers: ReturnType<typeof createLimiter> }

async function uploadOne(file: LocalFile, context: Context): Promise<UploadedFile> {
  const { api, progress } = context
  const state = uploadStateStore(context.stateDir, api.server, file)
  const record = { file_name: file.name, file_size: file.size }
  const previous = await state.load()

  if (previous?.kind === 'whole') {
    progress.add(file.size)
    return { record: { ...record, file_key: previous.key }, state, resumedBytes: file.size }
  }
  if (previous?.kind === 'multipart') {
    const resumed = await resumeMultipart(file, previous, state, context)
    if (resumed) return { record: { ...record, file_key: resumed.key }, state, resumedBytes: resumed.resumedBytes }
    // The server no longer knows that upload (expired, aborted): start it again.
  }
  if (file.size <= context.partSize) {
    const key = await context.transfers(() => putWhole(file, context))
    await state.save({ kind: 'whole', key })
    return { record: { ...record, file_key: key }, state, resumedBytes: 0 }
  }
  const created = await api.call(
    uploadsApi.multipartCreate,
    { body: { filename: file.name, content_type: '', file_size: file.size, part_size: context.partSize } },
    { signal: context.signal },
  )
  const upload: Multipart = {
    kind: 'multipart',
    uploadId: created.uploadId,
    key: created.key,
    partSize: context.partSize,
    parts: {},
  }
  await state.save(upload)
  await sendParts(file, upload, state, context, created.parts)
  return { record: { ...record, file_key: upload.key }, state, resumedBytes: 0 }
}

/**
 * Continues an upload an earlier run started: the parts the server holds with their full size
 * count as done (the server's list is the truth: a part whose PUT was cut is not in it); the
 * others are sent. Undefined when the server no longer has the upload.
 */
async function resumeMultipart(
  file: LocalFile,
  upload: Multipart,
  state: UploadStateStore,
  context: Context,
): Promise<{ key: string; resumedBytes: number } | undefined> {
  let listed: { PartNumber: number; ETag: string; Size?: number }[]
  try {
    const answer = await context.api.call(
      uploadsApi.multipartListParts,
      { body: { uploadId: upload.uploadId, key: upload.key } },
      { signal: context.signal },
    )
    listed = answer.parts
  } catch (error) {
    if (error instanceof ApiError && error.code === 'upload_completed') {
      // Completed by the run that was interrupted, before it could create the transfer.
      await state.save({ kind: 'whole', key: upload.key })
      context.progress.add(file.size)
      return { key: upload.key, resumedBytes: file.size }
    }
    if (error instanceof ApiError && [403, 404, 410].includes(error.status)) {
      await state.clear()
      return undefined
    }
    throw error
  }
  const parts: Record<string, string> = {}
  let resumedBytes = 0
  for (const part of listed) {
    const expected = partBytes(file.size, upload.partSize, part.PartNumber)
    if (expected > 0 && (part.Size === undefined || part.Size === expected)) {
      parts[part.PartNumber] = part.ETag
      resumedBytes += expected
    }
  }
  const resumed: Multipart = { ...upload, parts }
  await state.save(resumed)
  context.progress.add(resumedBytes)
  await sendParts(file, resumed, state, context)
  return { key: upload.key, resumedBytes }
}

/**
 * Sends the parts not yet in `upload.parts` (in parallel, within the shared limit), then completes
 * it; `signed` are part URLs already in hand (multipart/create answers its first parts').
 */
async function sendParts(
  file: LocalFile,
  upload: Multipart,
  state: UploadStateStore,
  context: Context,
  signed: SignedPart[] = [],
) {
  const { api, signal } = context
  const count = partCount(file.size, upload.partSize)
  const missing = []
  for (let n = 1; n <= count; n++) if (!upload.parts[n]) missing.push(n)
  // Parts are signed ahead in batches: one sign-parts call for many PUTs (issue 24 item 5).
  const signer = createPartSigner(async (ref) => {
    const { parts } = await api.call(uploadsApi.multipartSignParts, { body: ref }, { signal })
    return parts
  })
  signer.seed(upload, signed)
  await Promise.all(
    missing.map((partNumber) =>
      context.transfers(async () => {
        signal.throwIfAborted()
        const size = partBytes(file.size, upload.partSize, partNumber)
        const etag = await withRetries(context, async (onBytes) => {
          const signed = await signer.sign(upload, partNumber, count)
          return putRange({
            url: api.resolve(signed.url),
            headers: signed.headers,
            file: file.path,
            start: (partNumber - 1) * upload.partSize,
            length: size,
            onBytes,
            limit: context.limit,
            signal,
          })
        })
        upload.parts[partNumber] = etag
        await state.save(upload)
        context.onPart?.(file, partNumber)
      }),
    ),
  )
  const parts = Object.entries(upload.parts)
    .map(([n, etag]) => ({ PartNumber: Number(n), ETag: etag }))
    .sort((a, b) => a.PartNumber - b.PartNumber)
  await api.call(
    uploadsApi.multipartComplete,
    { body: { uploadId: upload.uploadId, key: upload.key, parts } },
    { signal },
  )
  await state.save({ kind: 'whole', key: upload.key })
}

/** A file that fits one part: presign, then one PUT of all of it. */
async function putWhole(file: LocalFile, context: Context): Promise<string> {
  const { api, signal } = context
  let key = ''
  await withRetries(context, async (onBytes) => {
    const signed = await api.call(
      uploadsApi.presign,
      { body: { filename: file.name, content_type: '', file_size: file.size } },
      { signal },
    )
    key = signed.file_key
    return putRange({
      url: api.resolve(signed.url),
      headers: signed.headers,
      file: file.path,
      start: 0,
      length: file.size,
      onBytes,
      limit: context.limit,
      signal,
    })
  })
  return key
}

/**
 * Runs a PUT again after a network failure or a 5xx, with the web's delays (uploadRetryDelaysMs);
 * the bytes a failed try counted are taken back from the progress bar.
 */
async function withRetries<T>(context: Context, attempt: (onBytes: (n: number) => void) => Promise<T>) {
  let lastError: unknown
  for (const delay of uploadRetryDelaysMs) {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
    context.signal.throwIfAborted()
    let sent = 0
    try {
      return await attempt((n) => {
        sent += n
        context.progress.add(n)
      })
    } catch (error) {
      context.progress.add(-sent)
      if (!(error instanceof RetryablePutError)) throw error
      lastError = error
    }
  }
  throw (lastError as RetryablePutError).cause instanceof ApiError
    ? (lastError as RetryablePutError).cause
    : new ApiError(0, 'network_error', (lastError as Error).message)
}
