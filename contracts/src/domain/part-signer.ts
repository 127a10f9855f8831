import { maxPartsPerSigning, type SignedPart } from '../api/uploads.js'
import { partCount } from './upload-parts.js'

interface MultipartRef {
  uploadId: string
  key: string
}

/** Parts signed per call: a few rounds of six parallel PUTs, so sign-parts is rarely on the path. */
export const partsPerSigning = Math.min(24, maxPartsPerSigning)
/** The parts multipart/create answers signed: the first batch, as the signer would ask it. */
export function partsSignedAtCreate(fileSize: number, partSize: number): number[] {
  return Array.from({ length: Math.min(partsPerSigning, partCount(fileSize, partSize)) }, (_, i) => i + 1)
}

/**
 * When fewer parts than this are signed ahead of the one handed out, the next batch is asked for
 * at once: two rounds of six parallel PUTs, so a part rarely waits for its URL (bench:upload).
 */
const signAhead = partsPerSigning / 2

/** Signed URLs live an hour (uploads.service.ts); a URL kept longer than this is signed again. */
const freshForMs = 20 * 60 * 1000

type SignParts = (ref: MultipartRef & { partNumbers: number[] }) => Promise<SignedPart[]>

interface Pending {
  signed: Promise<SignedPart>
  at: number
}

interface Upload {
  /** URLs signed and not handed out yet, by part number. */
  pending: Map<number, Pending>
  /** The highest part number ever signed: the next batch ahead starts after it. */
  through: number
}

/**
 * Hands out part URLs signed ahead in batches (issue 24 item 5), for the web's and the CLI's
 * uploads alike: asking for part n signs n and
 * the next parts not yet signed in one call, and the parts asked meanwhile wait for that call
 * instead of making their own. Once fewer than `signAhead` parts after n are kept, the next
 * batch is asked for while the kept ones are used. A URL is handed out once: a retried part is
 * signed afresh, so a failed batch or an expired URL never sticks.
 */
export function createPartSigner(signParts: SignParts, now: () => number = Date.now) {
  const byUpload = new Map<string, Upload>()

  function uploadOf(uploadId: string): Upload {
    const upload = byUpload.get(uploadId) ?? { pending: new Map<number, Pending>(), through: 0 }
    byUpload.set(uploadId, upload)
    return upload
  }

  function batch(ref: MultipartRef, first: number, partCount: number, upload: Upload) {
    const { pending } = upload
    const partNumbers: number[] = []
    for (let n = first; n <= partCount && partNumbers.length < partsPerSigning; n++) {
      if (!pending.has(n)) partNumbers.push(n)
    }
    if (!partNumbers.includes(first)) partNumbers.unshift(first)
    upload.through = Math.max(upload.through, ...partNumbers)
    const call = signParts({ uploadId: ref.uploadId, key: ref.key, partNumbers })
    const at = now()
    for (const partNumber of partNumbers) {
      const signed = call.then((parts) => {
        const part = parts.find((p) => p.partNumber === partNumber)
        if (!part) throw new Error(`Part ${partNumber} was not signed.`)
        return part
      })
      // A batch that failed is forgotten: the parts it held are signed again when asked.
      signed.catch(() => {
        if (pending.get(partNumber)?.signed === signed) pending.delete(partNumber)
      })
      pending.set(partNumber, { signed, at })
    }
  }

  /** Asks for the parts after the last one signed when fewer than `signAhead` after `partNumber` are kept. */
  function keepSignedAhead(ref: MultipartRef, partNumber: number, partCount: number, upload: Upload) {
    if (upload.through >= partCount) return
    let ahead = 0
    for (const n of upload.pending.keys()) if (n > partNumber) ahead++
    if (ahead < signAhead) batch(ref, upload.through + 1, partCount, upload)
  }

  return {
    /** Keeps URLs signed elsewhere (multipart/create answers its first parts'), handed out as if signed now. */
    seed(ref: MultipartRef, parts: readonly SignedPart[]): void {
      const upload = uploadOf(ref.uploadId)
      const at = now()
      for (const part of parts) {
        upload.pending.set(part.partNumber, { signed: Promise.resolve(part), at })
        upload.through = Math.max(upload.through, part.partNumber)
      }
    },

    /** The URL to PUT part `partNumber` of an upload of `partCount` parts to. */
    sign(ref: MultipartRef, partNumber: number, partCount: number, signal?: AbortSignal): Promise<SignedPart> {
      const upload = uploadOf(ref.uploadId)
      const kept = upload.pending.get(partNumber)
      if (!kept || now() - kept.at > freshForMs) batch(ref, partNumber, partCount, upload)
      const { signed } = upload.pending.get(partNumber)!
      upload.pending.delete(partNumber)
      keepSignedAhead(ref, partNumber, partCount, upload)
      if (!signal) return signed
      // One part's abort must not fail the batch the others wait for: only this caller stops waiting.
      return new Promise((resolve, reject) => {
        const abort = () => reject(signal.reason)
        if (signal.aborted) return abort()
        signal.addEventListener('abort', abort, { once: true })
        signed.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
      })
    },

    /** Drops the URLs kept for an upload that finished or was lost. */
    forget(uploadId: string): void {
      byUpload.delete(uploadId)
    },
  }
}

export type PartSigner = ReturnType<typeof createPartSigner>
