import type { uploadPartBytes } from '@uppy/aws-s3'
import type { UploadsApi } from './api/uploads-api.js'
import type { PickedFile } from './file-names.js'
import type { UploadMemory } from './upload-memory.js'
import type { UploadQueueSnapshot } from './upload-queue-state.js'

export interface UploadEngineOptions {
  /** Upload-request page: keys are tied to this request link, and no session is sent. */
  requestId?: string
  /** Whether the session (the auth cookie) is sent; by default yes, unless `requestId` is set. */
  withSession?: boolean
  /** Start uploading as soon as files are added (signed in); otherwise they wait for `setAutoStart(true)`. */
  autoStart?: boolean
  api?: UploadsApi
  /** Where unfinished multipart uploads are remembered across reloads (default: IndexedDB, when there is one). */
  memory?: UploadMemory
  /** Requests in flight at once (spec: 6). */
  limit?: number
  retryDelaysMs?: readonly number[]
  maxRetries?: number
  /** How often progress, speed and time left are published (spec: 500 ms). */
  progressIntervalMs?: number
  /** How long short notices stay (spec: 5000 ms). */
  noticeMs?: number
  now?: () => number
  /** Replaces the XMLHttpRequest that sends the bytes (tests). */
  uploadPartBytes?: uploadPartBytes
}

/** Resumable, parallel uploads straight to storage, with a state React can subscribe to. */
export interface UploadEngine {
  getSnapshot(): UploadQueueSnapshot
  subscribe(listener: () => void): () => void
  addFiles(files: readonly PickedFile[]): void
  /** Stops and forgets a file; an unfinished multipart upload is aborted on the server. */
  remove(id: string): void
  clear(): void
  pauseAll(): void
  resumeAll(): void
  /** Tries a failed file again, from where it stopped when the server still has its parts. */
  retry(id: string): void
  retryAll(): void
  /** Gives up an upload an earlier visit left unfinished (snapshot `resumable`): aborted and forgotten. */
  dismissResumable(id: string): void
  setAutoStart(on: boolean): void
  destroy(): void
}
