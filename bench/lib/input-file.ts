import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { formatSize } from './stats.js'

const MiB = 1024 * 1024

/** A generated input file: where it is, its size and SHA-256. */
export interface InputFile {
  file: string
  size: number
  sha256: string
}

export async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of stream) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** A file of `bytes` random bytes in `dir`, generated once and kept (with its SHA-256) between runs. */
export async function ensureInputFile(dir: string, bytes: number): Promise<InputFile> {
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `random-${bytes}.bin`)
  const hashFile = `${file}.sha256`
  const existing = await stat(file).catch(() => undefined)
  if (existing?.size === bytes) {
    const known = await readFile(hashFile, 'utf8').catch(() => '')
    if (known) return { file, size: bytes, sha256: known.trim() }
  } else {
    console.log(`Generating ${formatSize(bytes)} of random bytes in ${file}…`)
    async function* chunks() {
      for (let left = bytes; left > 0; left -= 16 * MiB) yield randomBytes(Math.min(left, 16 * MiB))
    }
    await pipeline(chunks, createWriteStream(file, { highWaterMark: MiB }))
  }
  const sha256 = await sha256Of(createReadStream(file, { highWaterMark: MiB }))
  await writeFile(hashFile, sha256)
  return { file, size: bytes, sha256 }
}
