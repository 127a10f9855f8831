import { z } from 'zod'
import { plainText } from '../domain/text.js'

/** spec/transfers.md §9: files over this go multipart; smaller ones use one presigned PUT. */
export const multipartThresholdBytes = 104_857_600
export const minPartBytes = 5 * 1024 * 1024
export const maxParts = 10_000
/** S3's largest part, and its largest single PUT: bigger files go multipart. */
export const maxPartBytes = 5 * 1024 ** 3
export const maxSinglePutBytes = maxPartBytes
export const uploadConcurrency = 6
export const uploadRetryDelaysMs = [0, 1000, 3000, 5000] as const

/** Opaque text the server handed out (keys, upload ids, ETags): bounded, no control characters. */
const token = (what: string, max: number) =>
  plainText(
    z
      .string({ error: `${what} is required.` })
      .min(1, `${what} is required.`)
      .max(max, `${what} is too long.`),
    what,
  )

const fileName = plainText(
  z
    .string({ error: 'A file name is required.' })
    .min(1, 'A file name is required.')
    .max(1024, 'The file name is too long.'),
  'The file name',
  { shown: true },
)

const contentType = z
  .string()
  .max(255, 'The content type is too long.')
  // Spaces only around parameters: \s would let a line break through into the signed header.
  .regex(/^[\w.+-]+\/[\w.+-]+( *; *[\w.+-]+=[\w.+"-]+)*$/, 'The content type is not valid.')
  .or(z.literal(''))
  .default('')
  .transform((v) => v || 'application/octet-stream')

const fileSize = z
  .number({ error: 'The file size is required.' })
  .int('The file size must be a whole number of bytes.')
  .nonnegative('The file size must be a whole number of bytes.')
  .max(Number.MAX_SAFE_INTEGER, 'The file size is too large.')

/** An upload is for the sender's own transfer, or (with request_id) for someone's request link. */
const uploadTarget = {
  filename: fileName,
  content_type: contentType,
  /**
   * The file's exact size in bytes. The signed URL accepts no more (on S3 it is the signed
   * Content-Length, so exactly this), and it counts against the sender's limits until sent.
   */
  file_size: fileSize,
  /** Set by the upload-request page: the key can only be claimed by an upload to that link. */
  request_id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'The request id is not valid.')
    .optional(),
}

export const presignRequest = z.object({
  ...uploadTarget,
  file_size: fileSize.max(maxSinglePutBytes, 'Files over 5 GiB are uploaded in parts (multipart).'),
})
export type PresignRequest = z.input<typeof presignRequest>
export const presignResponse = z.object({
  url: z.string(),
  file_key: z.string(),
  /** Headers the PUT must carry (Content-Type). */
  headers: z.record(z.string(), z.string()),
})
export type PresignResponse = z.infer<typeof presignResponse>

export const multipartCreateRequest = z
  .object({
    ...uploadTarget,
    /**
     * The size of every part but the last (which holds the rest); each part URL is signed for
     * exactly its share. Defaults to partSizeFor(file_size) (domain/upload-parts.ts).
     */
    part_size: z
      .number()
      .int()
      .min(minPartBytes, `Parts are at least ${minPartBytes} bytes.`)
      .max(maxPartBytes, `Parts are at most ${maxPartBytes} bytes.`)
      .optional(),
  })
  .refine((v) => v.part_size === undefined || Math.ceil(v.file_size / v.part_size) <= maxParts, {
    message: `An upload has at most ${maxParts} parts: choose bigger parts.`,
    path: ['part_size'],
  })
export type MultipartCreateRequest = z.input<typeof multipartCreateRequest>
const uploadRef = { uploadId: token('The upload id', 1024), key: token('The key', 512) }

export const signPartRequest = z.object({
  ...uploadRef,
  partNumber: z
    .number()
    .int()
    .min(1, `Part numbers start at 1.`)
    .max(maxParts, `An upload has at most ${maxParts} parts.`),
})
export const signPartResponse = z.object({ url: z.string(), headers: z.record(z.string(), z.string()) })

/** The most parts one sign-parts call signs: enough to run ahead of many parallel PUTs. */
export const maxPartsPerSigning = 100

/**
 * Several parts signed in one call (issue 24 item 5): a client running parts in parallel asks for
 * the next few at once instead of one round trip before every part.
 */
export const signPartsRequest = z.object({
  ...uploadRef,
  partNumbers: z
    .array(signPartRequest.shape.partNumber)
    .min(1, 'At least one part number is required.')
    .max(maxPartsPerSigning, `At most ${maxPartsPerSigning} parts are signed at once.`)
    .refine((numbers) => new Set(numbers).size === numbers.length, 'Each part number is asked once.'),
})
const signedPart = signPartResponse.extend({ partNumber: z.number().int() })
export type SignedPart = z.infer<typeof signedPart>
export const signPartsResponse = z.object({ parts: z.array(signedPart) })
export type SignPartsResponse = z.infer<typeof signPartsResponse>

/**
 * The upload, and the URLs of its first parts signed with it (as sign-parts would sign them), so
 * its first bytes wait for no further call (issue 24 item 5).
 */
export const multipartCreateResponse = z.object({ uploadId: z.string(), key: z.string(), parts: z.array(signedPart) })
export type MultipartCreateResponse = z.infer<typeof multipartCreateResponse>

export const uploadedPart = z.object({
  PartNumber: z.number().int().min(1).max(maxParts),
  ETag: token('Each part ETag', 256).describe('As the PUT answered it (quoted or not).'),
  Size: z.number().int().nonnegative().optional(),
})
export type UploadedPart = z.infer<typeof uploadedPart>

export const listPartsRequest = z.object(uploadRef)
export const listPartsResponse = z.object({ parts: z.array(uploadedPart) })

export const multipartCompleteRequest = z.object({
  ...uploadRef,
  parts: z.array(uploadedPart).min(1, 'At least one part is required.').max(maxParts),
})
export const multipartCompleteResponse = z.object({ location: z.string() })

export const multipartAbortRequest = z.object(uploadRef)
export const multipartAbortResponse = z.object({ aborted: z.literal(true) })
