import AwsS3, { type uploadPartBytes } from '@uppy/aws-s3'
import Uppy, { type Body, type Meta, type UppyFile } from '@uppy/core'
import { partSizeFor, usesMultipart } from './part-size.js'
import { createS3Hooks, type S3HooksDeps } from './s3-hooks.js'

export type UppyTransport = Uppy<Meta, Body>

export interface UppyTransportOptions extends S3HooksDeps {
  /** Requests in flight at once, over all files. */
  limit: number
  /** Uppy's own waits before it sends a part or asks for its signature again. */
  retryDelaysMs: readonly number[]
  infoTimeoutMs: number
  uploadPartBytes?: uploadPartBytes
}

// Failures reach the person through the engine's state; Uppy's console lines would repeat them.
const silentLogger = { debug() {}, warn() {}, error() {} }

/**
 * Uppy core with the AwsS3 plugin on Ferry's endpoints: one presigned PUT up to 100 MB, parts
 * of `partSizeFor` bytes above. No Uppy UI: the engine reads its events.
 */
export function createUppyTransport(options: UppyTransportOptions): UppyTransport {
  const uppy = new Uppy<Meta, Body>({
    autoProceed: false,
    allowMultipleUploadBatches: true,
    infoTimeout: options.infoTimeoutMs,
    logger: silentLogger,
  })
  uppy.use(AwsS3<Meta, Body>, {
    ...createS3Hooks(options),
    shouldUseMultipart: (file: UppyFile<Meta, Body>) => usesMultipart(file.size ?? 0),
    getChunkSize: (file: { size: number }) => partSizeFor(file.size),
    limit: options.limit,
    retryDelays: [...options.retryDelaysMs],
    ...(options.uploadPartBytes ? { uploadPartBytes: options.uploadPartBytes } : {}),
  })
  return uppy
}
