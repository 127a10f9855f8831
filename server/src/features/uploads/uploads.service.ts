import type { Readable } from 'node:stream'
import type {
  MultipartCreateResponse,
  PresignRequest,
  PresignResponse,
  SignedPart,
  UploadedPart,
} from '@ferry/contracts/api/uploads'
import { partsSignedAtCreate } from '@ferry/contracts/domain/part-signer'
import { partBytes, partSizeFor } from '@ferry/contracts/domain/upload-parts'
import {
  BlobPartsMismatchError,
  BlobUploadNotFoundError,
  BlobUploadRejectedError,
  type UploadedPart as StoredPart,
  type UploadGate,
} from '../../adapters/blob-store/blob-store.js'
import type { DbExecutor } from '../../db/database.js'
import { createReadCache } from '../../db/read-cache.js'
import type { Deps } from '../../deps.js'
import { AppError, RateLimitedError } from '../../errors.js'
import type { PlansService } from '../plans/plans.service.js'
import { type ClaimedUpload, claimUploads } from './claim-uploads.js'
import {
  assertCallerMayUse,
  type UploadCaller,
  type UploadOwner,
  uploadGateVerdict,
  uploadNotFound,
} from './upload-access.js'
import { claimedKeyOf, newUploadKey } from './upload-keys.js'
import { assertFileFits, assertReservable, fileTooLarge, type UploadAllowance } from './upload-limits.js'
import { createUploadsRepository, type PendingUploadRow, type ReservationScope } from './uploads.repository.js'

export type { ClaimedUpload } from './claim-uploads.js'
export type { UploadCaller, UploadOwner } from './upload-access.js'

/** Seconds a signed PUT (whole file or one part) stays valid; checked when the PUT starts. */
export const signedUrlSeconds = 60 * 60

type UploadsDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'blobs' | 'rateLimiter' | 'logger'>
/** The upload target after validation (content type defaulted). */
type UploadTarget = Required<Pick<PresignRequest, 'filename' | 'content_type' | 'file_size'>> &
  Pick<PresignRequest, 'request_id'> & { part_size?: number }
type UploadRef = { key: string; uploadId: string }

/**
 * What uploads need of the request-links feature (given by composition.ts, since request links
 * claim uploads): before a key is handed out for a request link, the link must take a file of
 * `fileSize` (4xx otherwise). The requester, whose plan bounds the upload, and the bytes the link
 * still accepts (null: no limit).
 */
export interface RequestUploads {
  admitUpload(requestId: string, fileSize: number): Promise<{ requesterId: string; remainingBytes: number | null }>
}

/** What uploads need of the transfers feature (given, since transfers depend on uploads). */
export interface SendingUsage {
  /** Bytes the user sent in transfers this calendar month (UTC), deleted transfers included. */
  sentThisMonth(userId: string): Promise<number>
}

/** Claims of uploaded keys, for the transfers and request-link features (see claim-uploads.ts). */
export function createUploadClaims(deps: Pick<Deps, 'config' | 'clock' | 'blobs'>) {
  return {
    claimUploads(tx: DbExecutor, owner: UploadOwner, keys: readonly string[]): Promise<ClaimedUpload[]> {
      const spentUntil = new Date(deps.clock.now().getTime() + deps.config.uploads.pendingTtlMs)
      return claimUploads({ blobs: deps.blobs, spentUntil }, tx, owner, keys)
    },
  }
}

export type UploadClaims = ReturnType<typeof createUploadClaims>

/** Uploads (spec/transfers.md §7 presign, multipart): keys handed out, recorded as pending uploads, claimed by transfers. */
export function createUploadsService(
  deps: UploadsDeps,
  { usage, plans, requests }: { usage: SendingUsage; plans: PlansService; requests: RequestUploads },
) {
  const { blobs, clock } = deps
  const repo = createUploadsRepository(deps.database.db)
  const ttlMs = deps.config.uploads.pendingTtlMs
  const expiry = () => new Date(clock.now().getTime() + ttlMs)
  const gateReads = createReadCache<PendingUploadRow | undefined>(deps.database, { max: 1_000 })

  async function limitVisitor(ip: string): Promise<void> {
    const { perIp, windowMs } = deps.config.uploads.visitorRateLimit
    try {
      const result = await deps.rateLimiter.hit(`upload:ip:${ip}`, perIp, windowMs)
      if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds)
    } catch (error) {
      if (error instanceof RateLimitedError) throw error
      deps.logger.warn({ err: error }, 'Rate limiter unavailable; upload allowed')
    }
  }

  /** Checks who may start an upload, and that the file alone fits; whose allowance it takes from. */
  async function admit(caller: UploadCaller, target: UploadTarget) {
    if (caller.userId === null) {
      // A visitor uploads only to someone's request link (the upload-request page).
      if (target.request_id === undefined) throw new AppError('upload_login_required', 401)
      await limitVisitor(caller.ip)
    }
    // An upload to a request link needs the link open and room in it, and is bounded by the requester's plan.
    const link =
      target.request_id === undefined ? undefined : await requests.admitUpload(target.request_id, target.file_size)
    const payer = link ? link.requesterId : caller.userId!
    const plan = await plans.planForUser(payer)
    const { maxTransferBytes, maxMonthlyBytes } = plans.limitsFor(plan)
    // Read before the reservation's transaction: PGlite runs one at a time.
    const monthRemaining =
      link || maxMonthlyBytes === null ? null : Math.max(0, maxMonthlyBytes - (await usage.sentThisMonth(payer)))
    const allowance: UploadAllowance = {
      plan,
      perTransfer: maxTransferBytes,
      monthRemaining,
      monthlyCap: maxMonthlyBytes,
      linkRemaining: link?.remainingBytes ?? null,
    }
    assertFileFits(allowance, target.file_size)
    const scope: ReservationScope =
      target.request_id === undefined ? { userId: payer } : { requestId: target.request_id }
    return { allowance, scope }
  }

  /**
   * Records the upload if its declared size fits beside the scope's other unclaimed uploads
   * (H-2), atomically across instances: admissions of one scope take a lock in turn.
   */
  async function reserve(
    caller: UploadCaller,
    target: UploadTarget,
    admitted: Awaited<ReturnType<typeof admit>>,
    row: { key: string; uploadId?: string; partSize?: number },
  ): Promise<void> {
    await deps.database.db.transaction(async (tx) => {
      const txRepo = createUploadsRepository(tx)
      await txRepo.lockScope(admitted.scope)
      const reserved = await txRepo.reservedBytes(admitted.scope)
      assertReservable(admitted.allowance, reserved, target.file_size, 'requestId' in admitted.scope)
      await txRepo.insert({
        key: row.key,
        userId: caller.userId,
        requestId: target.request_id ?? null,
        fileName: target.filename,
        contentType: target.content_type,
        declaredSize: target.file_size,
        maxBytes: target.file_size,
        uploadId: row.uploadId ?? null,
        partSize: row.partSize ?? null,
        expiresAt: expiry(),
      })
    })
  }

  /** The caller's multipart upload, still in progress. */
  async function openUpload(caller: UploadCaller, { key, uploadId }: UploadRef): Promise<PendingUploadRow> {
    const row = assertCallerMayUse(await repo.find(key), caller, uploadId)
    if (row.status !== 'pending') throw new AppError('upload_completed', 409)
    return row
  }

  /** An upload still receiving parts stays alive: its expiry moves on (at most every half period). */
  async function keepAlive(row: PendingUploadRow): Promise<void> {
    if (row.expiresAt.getTime() - clock.now().getTime() < ttlMs / 2) await repo.extend(row.key, expiry())
  }

  async function signParts(caller: UploadCaller, ref: UploadRef & { partNumbers: number[] }) {
    const row = await openUpload(caller, ref)
    // Rows from before part sizes were recorded: their size bound, split the default way.
    if (row.maxBytes === null) throw uploadNotFound()
    const maxBytes = row.maxBytes
    const partSize = row.partSize ?? partSizeFor(maxBytes)
    const sizes = ref.partNumbers.map((partNumber) => {
      const size = partBytes(maxBytes, partSize, partNumber)
      if (size === 0 && partNumber > 1) throw new AppError('upload_part_out_of_range', 400)
      return size
    })
    await keepAlive(row)
    return signedParts(ref, ref.partNumbers, sizes)
  }

  /** URLs for `partNumbers` of an upload, each for exactly its size in `sizes`. */
  function signedParts(ref: UploadRef, partNumbers: number[], sizes: number[]): Promise<SignedPart[]> {
    return Promise.all(
      partNumbers.map(async (partNumber, i) => ({
        partNumber,
        ...(await blobs.signPart(ref.key, ref.uploadId, partNumber, {
          expiresInSeconds: signedUrlSeconds,
          maxBytes: sizes[i]!,
        })),
      })),
    )
  }

  return {
    /** POST /api/presign: a key and a URL to PUT the whole file to. */
    async presign(caller: UploadCaller, target: UploadTarget): Promise<PresignResponse> {
      const admitted = await admit(caller, target)
      const key = newUploadKey(clock.now())
      await reserve(caller, target, admitted, { key })
      const signed = await blobs.signUpload(key, {
        expiresInSeconds: signedUrlSeconds,
        maxBytes: target.file_size,
        contentType: target.content_type,
      })
      return { url: signed.url, file_key: key, headers: signed.headers }
    },

    /**
     * POST /api/multipart/create: the upload, with its first parts' URLs (as sign-parts would sign
     * them), so the client's first PUTs wait for no second call.
     */
    async createMultipart(caller: UploadCaller, target: UploadTarget): Promise<MultipartCreateResponse> {
      const admitted = await admit(caller, target)
      const key = newUploadKey(clock.now())
      const partSize = target.part_size ?? partSizeFor(target.file_size)
      const { uploadId } = await blobs.createMultipart(key, { contentType: target.content_type })
      try {
        await reserve(caller, target, admitted, { key, uploadId, partSize })
      } catch (error) {
        await blobs.abortMultipart(key, uploadId).catch(() => {})
        throw error
      }
      const first = partsSignedAtCreate(target.file_size, partSize)
      const sizes = first.map((partNumber) => partBytes(target.file_size, partSize, partNumber))
      return { uploadId, key, parts: await signedParts({ key, uploadId }, first, sizes) }
    },

    /**
     * POST /api/multipart/sign-part: a URL to PUT part `partNumber` to, for exactly its share of
     * the declared size, so the parts never add up to more. A part past the end is refused, and
     * does not keep the upload alive.
     */
    async signPart(caller: UploadCaller, ref: UploadRef & { partNumber: number }) {
      const [signed] = await signParts(caller, { ...ref, partNumbers: [ref.partNumber] })
      return { url: signed!.url, headers: signed!.headers }
    },

    /**
     * POST /api/multipart/sign-parts (issue 24 item 5): sign-part for several parts in one call,
     * one lookup and at most one expiry write for all of them. All or nothing: one part past the
     * end refuses the call.
     */
    signParts: (caller: UploadCaller, ref: UploadRef & { partNumbers: number[] }) =>
      signParts(caller, ref).then((parts) => ({ parts })),

    /** POST /api/multipart/list-parts: the parts stored so far, to resume an interrupted upload. */
    async listParts(caller: UploadCaller, ref: UploadRef): Promise<{ parts: UploadedPart[] }> {
      await openUpload(caller, ref)
      try {
        const parts = await blobs.listParts(ref.key, ref.uploadId)
        return { parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag, Size: p.size })) }
      } catch (error) {
        throw error instanceof BlobUploadNotFoundError ? uploadNotFound() : error
      }
    },

    /**
     * POST /api/multipart/complete: the store checks the list (every part present with its
     * ETag, all but the last at least 5 MiB); the result must fit the size bound. On any
     * refusal nothing is completed. A repeated complete of a completed upload answers the same.
     */
    async completeMultipart(caller: UploadCaller, ref: UploadRef & { parts: UploadedPart[] }) {
      const row = assertCallerMayUse(await repo.find(ref.key), caller, ref.uploadId)
      if (row.status !== 'pending') return { location: row.key }
      const parts: StoredPart[] = ref.parts.map((p) => ({ partNumber: p.PartNumber, etag: p.ETag }))
      try {
        await blobs.completeMultipart(row.key, ref.uploadId, parts)
      } catch (error) {
        if (error instanceof BlobPartsMismatchError) throw new AppError('upload_parts_mismatch', 400, error.message)
        if (error instanceof BlobUploadNotFoundError) {
          // A concurrent complete of the same upload may have won.
          if ((await repo.find(row.key))?.status === 'uploaded') return { location: row.key }
          throw uploadNotFound()
        }
        throw error
      }
      const stat = await blobs.stat(row.key)
      if (!stat) throw new Error(`Multipart upload ${ref.uploadId} completed, but ${row.key} is missing`)
      if (row.maxBytes !== null && stat.size > row.maxBytes) {
        await blobs.delete(row.key)
        await repo.delete(row.key)
        throw new AppError('payload_too_large', 413, `The file is larger than the ${row.maxBytes} bytes allowed.`)
      }
      await repo.markUploaded(row.key, ref.uploadId, expiry())
      return { location: row.key }
    },

    /** POST /api/multipart/abort: drops the parts and the key. A completed upload cannot be aborted. */
    async abortMultipart(caller: UploadCaller, ref: UploadRef): Promise<{ aborted: true }> {
      await openUpload(caller, ref)
      try {
        await blobs.abortMultipart(ref.key, ref.uploadId)
      } catch (error) {
        if (!(error instanceof BlobUploadNotFoundError)) throw error
      }
      await repo.deletePending(ref.key)
      return { aborted: true }
    },

    /**
     * PUT /api/put (issue 20 item 3): a body Ferry receives itself, streamed into the store as an
     * upload of the signed-in user that a transfer then claims like any other. The plan's limits
     * come first: a known size over them is refused before a byte is read (413, or 403 for the
     * month's remainder); a body of unknown size (chunked) reserves what the user may still send
     * and is cut off, with nothing kept, once it passes that. The bytes go to the key the claim
     * looks for (`files/…`): no URL was ever signed for it.
     */
    async receiveBody(
      caller: UploadCaller & { userId: string },
      target: { filename: string; content_type: string; file_size: number | undefined },
      body: Readable,
    ): Promise<{ key: string; size: number }> {
      const known = target.file_size
      const admitted = await admit(caller, { ...target, file_size: known ?? 0 })
      const { allowance } = admitted
      const key = newUploadKey(clock.now())
      let bound = known ?? 0
      await deps.database.db.transaction(async (tx) => {
        const txRepo = createUploadsRepository(tx)
        await txRepo.lockScope(admitted.scope)
        const reserved = await txRepo.reservedBytes(admitted.scope)
        if (known === undefined) {
          const caps = [
            allowance.perTransfer,
            allowance.monthRemaining === null ? null : allowance.monthRemaining - reserved,
          ]
          const limits = caps.filter((n): n is number => n !== null)
          bound = limits.length === 0 ? Number.MAX_SAFE_INTEGER : Math.min(...limits)
          // Nothing left to send: the same refusal as for a declared size.
          if (bound <= 0) assertReservable(allowance, reserved, 1, false)
        } else {
          assertReservable(allowance, reserved, known, false)
        }
        await txRepo.insert({
          key,
          userId: caller.userId,
          requestId: null,
          fileName: target.filename,
          contentType: target.content_type,
          declaredSize: bound,
          maxBytes: bound,
          uploadId: null,
          partSize: null,
          expiresAt: expiry(),
        })
      })
      const stored = claimedKeyOf(key)
      try {
        const { size } = await blobs.write(stored, body, { maxBytes: bound, contentType: target.content_type })
        await repo.settleSize(key, size)
        return { key, size }
      } catch (error) {
        await repo.delete(key)
        await blobs.delete(stored).catch(() => {})
        if (error instanceof BlobUploadRejectedError && error.status === 413) {
          // Over the per-transfer limit: the plan's wording; over what the month leaves: a plain 413.
          if (allowance.perTransfer !== null && bound >= allowance.perTransfer) {
            throw fileTooLarge(allowance.plan, allowance.perTransfer)
          }
          throw new AppError('payload_too_large', 413, error.message)
        }
        throw error
      }
    },

    /** Drops an upload `receiveBody` stored whose transfer was refused (nothing is left behind). */
    async discardReceived(key: string): Promise<void> {
      if (await repo.deletePending(key)) await blobs.delete(claimedKeyOf(key)).catch(() => {})
    },

    /** For the local driver's `/blobs/*` route: whether a signed PUT may still store its bytes. */
    gate: {
      // Every part of a multipart upload asks this before its body: on PGlite the row is kept
      // until any write (a claim, a delete, a completion) makes it read again (decision 0040).
      check: async (target) => uploadGateVerdict(await gateReads.get(target.key, () => repo.find(target.key)), target),
      // The row stays locked while the bytes go in place, so a claim waits for them or refuses them.
      whileOpen: (target, store) =>
        deps.database.db.transaction(async (tx) => {
          const [row] = await createUploadsRepository(tx).lockMany([target.key])
          const verdict = uploadGateVerdict(row, target)
          if (verdict === 'open') await store()
          return verdict
        }),
    } satisfies UploadGate,
  }
}

export type UploadsService = ReturnType<typeof createUploadsService>
