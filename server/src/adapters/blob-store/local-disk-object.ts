import { createHash } from 'node:crypto'
import { type BigIntStats, createReadStream } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ByteRange } from './blob-store.js'
import { ignoreCode } from './local-disk-layout.js'

const MiB = 1024 * 1024

/**
 * An object on local disk is its part files read in order. A multipart upload is completed by
 * writing this manifest and renaming the folder, so its bytes are never copied a second time.
 */
export interface Manifest {
  version: 1
  size: number
  contentType?: string
  etag: string
  parts: { file: string; size: number }[]
}

const manifestName = 'manifest.json'

export async function readManifest(objectDir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(path.join(objectDir, manifestName), 'utf8')) as Manifest
  } catch (error) {
    ignoreCode(error, 'ENOENT', 'ENOTDIR')
    return null
  }
}

export async function writeManifest(objectDir: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(objectDir, manifestName), JSON.stringify(manifest))
}

/**
 * A stored file's ETag, derived from its identity rather than its bytes (hashing every byte
 * would cost throughput): a re-upload is a new file, renamed into place, with a new inode.
 */
export function fileEtag(stats: BigIntStats): string {
  const identity = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`
  return `"${createHash('sha256').update(identity).digest('hex').slice(0, 32)}"`
}

/** The ETag of an object made of parts: S3-like, a hash of the part ETags and their count. */
export function multipartEtag(partEtags: string[]): string {
  const hash = createHash('sha256').update(partEtags.join(',')).digest('hex').slice(0, 32)
  return `"${hash}-${partEtags.length}"`
}

/** Streams the object's bytes (or an inclusive range of them) across its part files. */
export function openObjectStream(objectDir: string, manifest: Manifest, range?: ByteRange): Readable {
  const { start, end } = resolveRange(manifest.size, range)
  const segments: { file: string; start: number; end: number }[] = []
  let offset = 0
  for (const part of manifest.parts) {
    const partEnd = offset + part.size - 1
    if (part.size > 0 && partEnd >= start && offset <= end) {
      segments.push({
        file: path.join(objectDir, part.file),
        start: Math.max(start, offset) - offset,
        end: Math.min(end, partEnd) - offset,
      })
    }
    offset += part.size
  }
  const [only] = segments
  if (segments.length === 1 && only) return createReadStream(only.file, { ...only, highWaterMark: MiB })
  return Readable.from(concatenate(segments), { objectMode: false, highWaterMark: MiB })
}

async function* concatenate(segments: { file: string; start: number; end: number }[]) {
  for (const segment of segments) {
    yield* createReadStream(segment.file, { start: segment.start, end: segment.end, highWaterMark: MiB })
  }
}

function resolveRange(size: number, range?: ByteRange): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 }
  const { start, end } = range
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || start >= size) {
    throw new RangeError(`Range ${start}-${end} is not satisfiable for ${size} bytes`)
  }
  return { start, end: Math.min(end, size - 1) }
}
