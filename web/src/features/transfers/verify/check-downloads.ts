import { readZipDirectory } from './zip-directory.js'

/** A file of the transfer, as the server knows it. */
export interface ExpectedFile {
  name: string
  size: number
  sha256: string
}

/** Hashes bytes `start` to `end` (exclusive) of a blob; `onProgress` gets the bytes done in that range. */
export type BlobHasher = (
  blob: Blob,
  range: { start: number; end: number },
  onProgress: (done: number) => void,
) => Promise<string>

export interface CheckResult {
  /** Files of the transfer whose bytes were found, exactly, among what was picked. */
  verified: string[]
  /** What was picked (a file, or an entry of a picked ZIP) that is no file of the transfer. */
  differing: string[]
}

/** The ZIP's own checksum file (server: download-reply.ts), which is no file of the transfer. */
const checksumFile = /^SHA256SUMS( \(\d+\))?$/

interface Piece {
  name: string
  blob: Blob
  start: number
  size: number
  checksumFile?: boolean
}

/**
 * What to hash of a picked file: itself, or each file inside a ZIP of the transfer. A ZIP is told
 * by its bytes (an end record and a STORED directory), not its name, which a disk may change.
 */
async function piecesOf(file: File, expected: readonly ExpectedFile[]): Promise<Piece[]> {
  const isOneOfTheFiles = expected.some((e) => e.name === file.name && e.size === file.size)
  if (!isOneOfTheFiles) {
    const entries = await readZipDirectory(file).catch(() => null)
    if (entries) {
      return entries.map((entry) => ({
        name: entry.name,
        blob: file,
        start: entry.start,
        size: entry.size,
        checksumFile: checksumFile.test(entry.name),
      }))
    }
  }
  return [{ name: file.name, blob: file, start: 0, size: file.size }]
}

/**
 * Checks downloaded files against the transfer's SHA-256s: each picked file, or each file in a
 * picked ZIP, is hashed and matched by size and digest (names may change on the way to a disk:
 * "report (1).pdf"). `onProgress` gets the fraction of all bytes hashed.
 */
export async function checkDownloads(
  picked: readonly File[],
  expected: readonly ExpectedFile[],
  hash: BlobHasher,
  onProgress: (fraction: number) => void = () => {},
): Promise<CheckResult> {
  const pieces = (await Promise.all(picked.map((file) => piecesOf(file, expected)))).flat()
  const total = pieces.reduce((sum, p) => sum + p.size, 0) || 1
  let before = 0
  const verified = new Set<string>()
  const differing: string[] = []
  for (const piece of pieces) {
    const candidates = expected.filter((e) => e.size === piece.size)
    const digest =
      candidates.length === 0
        ? null
        : await hash(piece.blob, { start: piece.start, end: piece.start + piece.size }, (done) =>
            onProgress((before + done) / total),
          )
    before += piece.size
    onProgress(before / total)
    const match = candidates.find((e) => e.sha256 === digest)
    if (match) verified.add(match.name)
    else if (!piece.checksumFile) differing.push(piece.name)
  }
  return { verified: expected.filter((e) => verified.has(e.name)).map((e) => e.name), differing }
}
