import { opendir, stat } from 'node:fs/promises'
import path from 'node:path'
import { CliError } from '../errors.js'

/** A file to send: where it is on disk, the name it gets in the transfer, and what identifies its version. */
export interface LocalFile {
  /** Absolute path on disk. */
  path: string
  /** The name in the transfer: 'report.pdf', or 'photos/2024/a.jpg' inside a sent folder. */
  name: string
  size: number
  /** Modification time in milliseconds: with path and size, what tells a resumed upload it is the same file. */
  mtimeMs: number
}

/**
 * The files behind the paths a person named: a file as itself, a folder as every file under it,
 * named with the folder's own name first ('photos/2024/a.jpg'), as a browser names a dropped
 * folder's files. Sorted by name; empty folders add nothing; symbolic links are followed.
 */
export async function scanPaths(paths: readonly string[]): Promise<LocalFile[]> {
  const files: LocalFile[] = []
  for (const given of paths) {
    const absolute = path.resolve(given)
    const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new CliError(`${given}: no such file or folder.`)
      if (error.code === 'EACCES') throw new CliError(`${given}: permission denied.`)
      throw error
    })
    if (info.isDirectory()) {
      await walk(absolute, path.basename(absolute), files)
    } else if (info.isFile()) {
      files.push({ path: absolute, name: path.basename(absolute), size: info.size, mtimeMs: Math.trunc(info.mtimeMs) })
    } else {
      throw new CliError(`${given} is neither a file nor a folder.`)
    }
  }
  const seen = new Set<string>()
  for (const file of files) {
    if (seen.has(file.name)) throw new CliError(`Two files would both be named "${file.name}" in the transfer.`)
    seen.add(file.name)
  }
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

async function walk(dir: string, name: string, into: LocalFile[]): Promise<void> {
  const entries = []
  for await (const entry of await opendir(dir)) entries.push(entry.name)
  for (const entry of entries) {
    const full = path.join(dir, entry)
    const info = await stat(full)
    // Names use '/' whatever the platform: it is the transfer's separator (web file-names.ts).
    const child = `${name}/${entry}`
    if (info.isDirectory()) await walk(full, child, into)
    else if (info.isFile()) into.push({ path: full, name: child, size: info.size, mtimeMs: Math.trunc(info.mtimeMs) })
  }
}
