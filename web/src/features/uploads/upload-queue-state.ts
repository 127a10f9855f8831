import type { MultipartRef } from './api/uploads-api.js'
import type { ResumableUpload } from './resumable-uploads.js'
import { createRateMeter, type RateMeter, secondsLeft } from './transfer-rate.js'
import type { UploadFailure } from './upload-error.js'

/** Where a file is: waiting to start, moving, paused, waiting to retry, failed or stored. */
export type UploadStatus = 'queued' | 'uploading' | 'paused' | 'retrying' | 'error' | 'done'

/** One finished upload, as the transfer and request-link payloads take it (spec/transfers.md §3). */
export interface UploadedFileRecord {
  file_key: string
  file_name: string
  file_size: number
}

export interface UploadItem {
  id: string
  /** The name it is uploaded under, folders kept: 'photos/2024/a.jpg'. */
  name: string
  size: number
  type: string
  /** Over 100 MB: sent in parts. */
  multipart: boolean
  status: UploadStatus
  bytesUploaded: number
  /** 0 to 1. */
  progress: number
  /** Moving average of real bytes sent; null until there is enough to tell. */
  bytesPerSecond: number | null
  secondsLeft: number | null
  error: UploadFailure | null
  /** Which retry is coming or running (1 to 10) while status is 'retrying'. */
  retryAttempt: number
  /** The stored object's key, once done. */
  fileKey: string | null
}

/** A short message for the person picking files; `duplicates` ones go away after 5 s (spec/transfers.md §9). */
export type UploadNotice =
  | { kind: 'duplicates'; names: string[] }
  | { kind: 'offline' }
  /** Picked with the name of an unfinished earlier upload, but another size or date: sent from the start. */
  | { kind: 'notSameFile'; name: string }

export interface UploadQueueSnapshot {
  items: readonly UploadItem[]
  totalBytes: number
  uploadedBytes: number
  /** 0 to 1 over every listed byte. */
  progress: number
  bytesPerSecond: number | null
  secondsLeft: number | null
  /** Some file is moving or about to (retry included). */
  isUploading: boolean
  isPaused: boolean
  /** Every listed file is stored (and there is at least one). */
  allDone: boolean
  errorCount: number
  /** The finished uploads, in the order they were added. */
  completed: readonly UploadedFileRecord[]
  notice: UploadNotice | null
  /** Unfinished uploads of an earlier visit, which the same files picked again continue. */
  resumable: readonly ResumableUpload[]
}

/** The engine's own record of a file. */
export interface QueueEntry {
  id: string
  name: string
  size: number
  type: string
  multipart: boolean
  phase: 'idle' | 'active' | 'waiting' | 'error' | 'done'
  bytes: number
  /** Every byte sent, counting resent ones: what the speed is measured on. */
  transferred: number
  meter: RateMeter
  failure: UploadFailure | null
  /** The most bytes the file has had stored at once; getting past it resets the retry count. */
  furthest: number
  /** Retries used since the file last got further. */
  attempt: number
  fileKey: string | null
  multipartRef: MultipartRef | null
  retryTimer: ReturnType<typeof setTimeout> | null
}

export function newEntry(init: Pick<QueueEntry, 'id' | 'name' | 'size' | 'type' | 'multipart'>): QueueEntry {
  return {
    ...init,
    phase: 'idle',
    bytes: 0,
    transferred: 0,
    meter: createRateMeter(),
    failure: null,
    furthest: 0,
    attempt: 0,
    fileKey: null,
    multipartRef: null,
    retryTimer: null,
  }
}

/** Counts bytes a progress report adds; a restarted part reports less, which is not negative speed. */
export function recordBytes(entry: QueueEntry, bytesUploaded: number): boolean {
  const bytes = Math.min(Math.max(bytesUploaded, 0), entry.size)
  const grew = bytes > entry.bytes
  if (grew) entry.transferred += bytes - entry.bytes
  entry.bytes = bytes
  return grew
}

function statusOf(entry: QueueEntry, paused: boolean): UploadStatus {
  if (entry.phase === 'done') return 'done'
  if (entry.phase === 'error') return 'error'
  if (paused) return 'paused'
  if (entry.phase === 'waiting') return 'retrying'
  return entry.phase === 'active' ? 'uploading' : 'queued'
}

export interface SnapshotInput {
  entries: readonly QueueEntry[]
  paused: boolean
  totalBytesPerSecond: number | null
  notice: UploadNotice | null
}

export function buildSnapshot({ entries, paused, totalBytesPerSecond, notice }: SnapshotInput): UploadQueueSnapshot {
  const items = entries.map((entry): UploadItem => {
    const status = statusOf(entry, paused)
    const bytesUploaded = entry.phase === 'done' ? entry.size : entry.bytes
    const speed = status === 'uploading' ? entry.meter.bytesPerSecond() : null
    return {
      id: entry.id,
      name: entry.name,
      size: entry.size,
      type: entry.type,
      multipart: entry.multipart,
      status,
      bytesUploaded,
      progress: entry.size > 0 ? bytesUploaded / entry.size : status === 'done' ? 1 : 0,
      bytesPerSecond: speed,
      secondsLeft: secondsLeft(entry.size - bytesUploaded, speed),
      error: entry.failure,
      retryAttempt: status === 'retrying' ? entry.attempt : 0,
      fileKey: entry.phase === 'done' ? entry.fileKey : null,
    }
  })
  const totalBytes = items.reduce((sum, item) => sum + item.size, 0)
  const uploadedBytes = items.reduce((sum, item) => sum + item.bytesUploaded, 0)
  const isUploading = !paused && items.some((item) => item.status === 'uploading' || item.status === 'retrying')
  const pendingBytes = items
    .filter((item) => item.status !== 'done' && item.status !== 'error')
    .reduce((sum, item) => sum + item.size - item.bytesUploaded, 0)
  const speed = isUploading ? totalBytesPerSecond : null
  const completed = entries
    .filter((entry) => entry.phase === 'done' && entry.fileKey !== null)
    .map((entry) => ({ file_key: entry.fileKey as string, file_name: entry.name, file_size: entry.size }))
  return {
    items,
    totalBytes,
    uploadedBytes,
    progress:
      totalBytes > 0 ? uploadedBytes / totalBytes : items.length > 0 && completed.length === items.length ? 1 : 0,
    bytesPerSecond: speed,
    secondsLeft: secondsLeft(pendingBytes, speed),
    isUploading,
    isPaused: paused && items.some((item) => item.status === 'paused'),
    allDone: items.length > 0 && items.every((item) => item.status === 'done'),
    errorCount: items.filter((item) => item.status === 'error').length,
    completed,
    notice,
    resumable: [],
  }
}

export const emptySnapshot: UploadQueueSnapshot = buildSnapshot({
  entries: [],
  paused: false,
  totalBytesPerSecond: null,
  notice: null,
})
