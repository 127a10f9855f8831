import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { Config } from '../../config.js'
import { contentDisposition } from '../../http/content-disposition.js'
import { assertValidBlobKey, assertValidPartNumber } from './blob-key.js'
import {
  BlobNotFoundError,
  BlobPartsMismatchError,
  BlobStorageUnavailableError,
  BlobUploadNotFoundError,
  type RemoteBlobStore,
  type UploadedPart,
} from './blob-store.js'
import { assertPartOrder } from './multipart-parts.js'
import { tooLarge } from './write-limited-body.js'

export type S3StorageConfig = Extract<Config['storage'], { kind: 's3' }>

/**
 * The origins browsers reach the bucket at through presigned URLs (the web app's CSP allows them):
 * the endpoint itself (path-style), and the bucket as its subdomain (virtual-hosted, what the SDK
 * uses unless path style is forced or the bucket name is not a DNS label). Without an endpoint,
 * AWS's regional endpoint.
 */
export function s3BrowserOrigins(config: Pick<S3StorageConfig, 'endpoint' | 'bucket' | 'region'>): string[] {
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`)
  const virtualHosted = new URL(endpoint.origin)
  virtualHosted.hostname = `${config.bucket}.${endpoint.hostname}`
  return [endpoint.origin, virtualHosted.origin]
}

/**
 * Blobs in an S3-compatible bucket. Browsers PUT and GET through presigned URLs, straight to
 * the bucket; the bucket needs a CORS rule allowing PUT from Ferry's origin and exposing ETag.
 * Every upload URL signs `content-length` (H-2): the bucket refuses a body of another size, so
 * nothing beyond what Ferry admitted is stored. Browsers set Content-Length themselves.
 */
export function createS3BlobStore(config: Omit<S3StorageConfig, 'kind'>): RemoteBlobStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Otherwise the SDK signs a checksum of a body it never sees into presigned PUT URLs.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  // Outermost (after the SDK's own retries): an unreachable or failing store becomes one error the API maps to 503.
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args)
      } catch (error) {
        throw storeUnavailable(error) ? new BlobStorageUnavailableError({ cause: error }) : error
      }
    },
    { step: 'initialize', name: 'ferryStorageUnavailable' },
  )
  const Bucket = config.bucket

  return {
    kind: 's3',

    async signUpload(key, { expiresInSeconds, maxBytes, contentType }) {
      assertValidBlobKey(key)
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: contentType, ContentLength: maxBytes })
      // Content-Type is a signed header: the PUT must send exactly this value.
      const headers: Record<string, string> = contentType === undefined ? {} : { 'Content-Type': contentType }
      return { url: await getSignedUrl(client, command, { expiresIn: expiresInSeconds }), headers }
    },

    async createMultipart(key, { contentType }) {
      assertValidBlobKey(key)
      const result = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }))
      if (!result.UploadId) throw new Error('S3 returned no UploadId')
      return { uploadId: result.UploadId }
    },

    async signPart(key, uploadId, partNumber, { expiresInSeconds, maxBytes }) {
      assertValidBlobKey(key)
      assertValidPartNumber(partNumber)
      const command = new UploadPartCommand({
        Bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
        ContentLength: maxBytes,
      })
      return { url: await getSignedUrl(client, command, { expiresIn: expiresInSeconds }), headers: {} }
    },

    async listParts(key, uploadId) {
      const parts: UploadedPart[] = []
      let marker: string | undefined
      try {
        do {
          const page = await client.send(
            new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
          )
          for (const p of page.Parts ?? []) {
            if (p.PartNumber !== undefined && p.ETag)
              parts.push({ partNumber: p.PartNumber, etag: p.ETag, size: p.Size })
          }
          marker = page.IsTruncated ? page.NextPartNumberMarker : undefined
        } while (marker)
      } catch (error) {
        throw mapUploadError(error, uploadId)
      }
      return parts
    },

    async completeMultipart(key, uploadId, parts) {
      assertPartOrder(parts)
      const MultipartUpload = { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) }
      try {
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload }))
      } catch (error) {
        throw mapUploadError(error, uploadId)
      }
    },

    async abortMultipart(key, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
      } catch (error) {
        throw mapUploadError(error, uploadId)
      }
    },

    async write(key, body, { maxBytes, contentType }) {
      assertValidBlobKey(key)
      const parts = limitedParts(body, maxBytes, writePartBytes)
      const first = await parts.next()
      const second = first.done ? first : await parts.next()
      if (second.done) {
        // One part or none: a plain PutObject of what was read.
        const bytes = first.done ? Buffer.alloc(0) : first.value
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentLength: bytes.length,
            ContentType: contentType,
          }),
        )
        return { size: bytes.length }
      }
      const created = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
      )
      const uploadId = created.UploadId
      if (!uploadId) throw new Error('S3 returned no UploadId')
      const uploaded: UploadedPart[] = []
      let size = 0
      const put = async (bytes: Buffer) => {
        const PartNumber = uploaded.length + 1
        const result = await client.send(
          new UploadPartCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber,
            Body: bytes,
            ContentLength: bytes.length,
          }),
        )
        if (!result.ETag) throw new Error('S3 returned no ETag for a part')
        uploaded.push({ partNumber: PartNumber, etag: result.ETag })
        size += bytes.length
      }
      try {
        await put(first.value as Buffer)
        await put(second.value)
        for await (const bytes of parts) await put(bytes)
        const MultipartUpload = { Parts: uploaded.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) }
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload }))
        return { size }
      } catch (error) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => {})
        throw error
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { size: head.ContentLength ?? 0, contentType: head.ContentType, etag: head.ETag }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },

    async copy(from, to) {
      assertValidBlobKey(from)
      assertValidBlobKey(to)
      try {
        // Keys hold only [A-Za-z0-9._/-], so the copy source needs no encoding.
        await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }))
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(from)
        throw error
      }
    },

    async read(key, range) {
      if (range && (range.start < 0 || range.end < range.start)) {
        throw new RangeError(`Range ${range.start}-${range.end} is not satisfiable`)
      }
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
        )
        if (!(result.Body instanceof Readable)) throw new Error('S3 returned no readable body')
        return result.Body
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(key)
        if (errorName(error) === 'InvalidRange') throw new RangeError(`Range is not satisfiable for ${key}`)
        throw error
      }
    },

    async signDownload(key, { expiresInSeconds, fileName }) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(fileName),
      })
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds })
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }))
    },
  }
}

/** Parts of a body Ferry writes to S3 itself: over S3's 5 MiB minimum, few enough in memory at once (one). */
const writePartBytes = 8 * 1024 * 1024

/**
 * The body in parts of `partBytes` (the last one shorter), each collected in memory before it is
 * sent (S3 needs a part's length first), so at most one part is held. Throws a 413 as soon as more
 * than `maxBytes` arrived.
 */
async function* limitedParts(body: Readable, maxBytes: number, partBytes: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = []
  let held = 0
  let received = 0
  for await (const chunk of body.iterator({ destroyOnReturn: false })) {
    let buffer = chunk as Buffer
    received += buffer.length
    if (received > maxBytes) throw tooLarge(maxBytes)
    while (held + buffer.length >= partBytes) {
      const take = partBytes - held
      chunks.push(buffer.subarray(0, take))
      yield Buffer.concat(chunks)
      chunks = []
      held = 0
      buffer = buffer.subarray(take)
    }
    if (buffer.length > 0) {
      chunks.push(buffer)
      held += buffer.length
    }
  }
  if (held > 0) yield Buffer.concat(chunks)
}

function errorName(error: unknown): string | undefined {
  return (error as { name?: string; Code?: string } | undefined)?.Code ?? (error as Error | undefined)?.name
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** Refused, reset or timed out, or a 5xx from the store (e.g. SlowDown, ServiceUnavailable). */
function storeUnavailable(error: unknown): boolean {
  const e = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } } | undefined
  if (!e) return false
  if ((e.code && networkCodes.has(e.code)) || e.name === 'TimeoutError') return true
  return (e.$metadata?.httpStatusCode ?? 0) >= 500
}

function isNotFound(error: unknown): boolean {
  const name = errorName(error)
  return name === 'NoSuchKey' || name === 'NotFound'
}

function mapUploadError(error: unknown, uploadId: string): unknown {
  switch (errorName(error)) {
    case 'NoSuchUpload':
      return new BlobUploadNotFoundError(uploadId)
    case 'InvalidPart':
    case 'InvalidPartOrder':
    case 'EntityTooSmall':
      return new BlobPartsMismatchError((error as Error).message, { cause: error })
    default:
      return error
  }
}
