import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pipeline } from 'node:stream/promises'
import type { BlobStore } from '../../../../adapters/blob-store/blob-store.js'

/** A URL a local program (ffmpeg) reads one stored object from, by ranges, until `close`. */
export interface BlobUrl {
  url: string
  close(): Promise<void>
}

/** `bytes=a-b` or `bytes=a-` (what ffmpeg asks when it seeks); anything else is the whole object. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null
  const match = /^bytes=(\d+)-(\d*)$/.exec(header.trim())
  if (!match) return null
  const start = Number(match[1])
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1
  if (start >= size || end < start) return 'invalid'
  return { start, end }
}

/**
 * Serves one object on 127.0.0.1, on a random port under a random path, with Range, so a tool
 * that seeks (an MP4 whose index sits at its end) reads only what it needs and nothing is copied
 * to disk. For stores with no URL of their own (local disk); S3 hands out a presigned one.
 */
export async function serveBlobLocally(blobs: Pick<BlobStore, 'read'>, key: string, size: number): Promise<BlobUrl> {
  const secretPath = `/${randomBytes(16).toString('hex')}`
  const server = createServer((request, response) => {
    if (request.url !== secretPath || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404).end()
      return
    }
    const range = parseRange(request.headers.range, size)
    if (range === 'invalid') {
      response.writeHead(416, { 'content-range': `bytes */${size}` }).end()
      return
    }
    const { start, end } = range ?? { start: 0, end: size - 1 }
    response.writeHead(range ? 206 : 200, {
      'accept-ranges': 'bytes',
      'content-length': String(end - start + 1),
      'content-type': 'application/octet-stream',
      ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    })
    if (request.method === 'HEAD' || size === 0) {
      response.end()
      return
    }
    // A reader that stops early (ffmpeg seeking elsewhere) closes the socket: the pipeline ends.
    blobs
      .read(key, { start, end })
      .then((body) => pipeline(body, response))
      .catch(() => response.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${secretPath}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A URL for the object: the store's own short-lived one (S3), else one served on loopback. */
export async function blobUrl(
  blobs: Pick<BlobStore, 'read' | 'signDownload'>,
  key: string,
  size: number,
  expiresInSeconds: number,
): Promise<BlobUrl> {
  const signed = await blobs.signDownload(key, { expiresInSeconds, fileName: 'source' })
  if (signed) return { url: signed, close: async () => {} }
  return serveBlobLocally(blobs, key, size)
}
