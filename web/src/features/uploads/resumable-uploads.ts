import type { MultipartRef, UploadsApi } from './api/uploads-api.js'
import { UploadError } from './upload-error.js'
import { type RememberedUpload, rememberedUploadId, type UploadMemory } from './upload-memory.js'

/** An unfinished upload from an earlier visit that the page offers to continue. */
export interface ResumableUpload {
  id: string
  name: string
  size: number
  /** What the server holds of it already. */
  uploadedBytes: number
}

interface FileIdentity {
  name: string
  size: number
  lastModified: number
}

/** Answers of list-parts that mean the upload is over (finished, expired, aborted, someone else's). */
const goneStatuses = new Set([400, 403, 404, 409, 410])

/**
 * Between the engine and the upload memory: records the multipart uploads this page starts, and
 * offers the ones an earlier visit left unfinished, once the server has confirmed it still has
 * them (what it no longer has, or has finished, is forgotten).
 */
export function createResumableUploads(deps: {
  memory: UploadMemory
  api: UploadsApi
  scope: string
  onChange(): void
}) {
  const { memory, api, scope } = deps
  const offers = new Map<string, RememberedUpload & { uploadedBytes: number }>()
  /** Engine file id → memory record id, for the uploads of this page. */
  const tracked = new Map<string, string>()
  let loading: Promise<void> | null = null

  async function check(record: RememberedUpload) {
    try {
      const parts = await api.listParts({ uploadId: record.uploadId, key: record.key })
      const uploadedBytes = Math.min(
        record.size,
        parts.reduce((sum, part) => sum + (part.Size ?? 0), 0),
      )
      return { ...record, uploadedBytes }
    } catch (error) {
      const status = error instanceof UploadError ? error.failure.status : undefined
      if (status !== undefined && goneStatuses.has(status)) {
        await memory.forget(record.id)
        return null
      }
      // Offline or the server is down: offer it anyway, the resume asks again.
      return { ...record, uploadedBytes: 0 }
    }
  }

  return {
    /** Reads the memory and checks each record with the server (once; again after `reload`). */
    load(): Promise<void> {
      loading ??= (async () => {
        const records = await memory.list(scope)
        for (const record of records) {
          if ([...tracked.values()].includes(record.id)) continue
          const offer = await check(record)
          if (offer) offers.set(record.id, offer)
        }
        deps.onChange()
      })()
      return loading
    },

    offers(): ResumableUpload[] {
      return [...offers.values()].map(({ id, name, size, uploadedBytes }) => ({ id, name, size, uploadedBytes }))
    },

    /** The earlier upload of exactly this file (name, size and lastModified), now taken by the page. */
    take(file: FileIdentity): RememberedUpload | null {
      const id = rememberedUploadId(scope, file)
      const offer = offers.get(id)
      if (!offer) return null
      offers.delete(id)
      deps.onChange()
      return offer
    },

    /** Whether an offered upload has this name (picked again, but another size or date). */
    offersName(name: string): boolean {
      return [...offers.values()].some((offer) => offer.name === name)
    },

    started(fileId: string, file: FileIdentity & { type: string }, ref: MultipartRef, parts: number[] = []) {
      tracked.set(fileId, rememberedUploadId(scope, file))
      void memory.save({ scope, ...file, uploadId: ref.uploadId, key: ref.key, parts })
    },

    partDone(fileId: string, partNumber: number) {
      const id = tracked.get(fileId)
      if (id) void memory.addPart(id, partNumber)
    },

    /** Finished, removed, aborted or lost on the server: nothing to continue. */
    ended(fileId: string) {
      const id = tracked.get(fileId)
      tracked.delete(fileId)
      if (id) void memory.forget(id)
    },

    /** The person does not want to continue it: aborted on the server and forgotten. */
    dismiss(id: string) {
      const offer = offers.get(id)
      if (!offer) return
      offers.delete(id)
      void api.abortMultipart({ uploadId: offer.uploadId, key: offer.key })
      void memory.forget(id)
      deps.onChange()
    },
  }
}
