import { isIgnoredSystemFile, type PickedFile } from './file-names.js'

/** The parts of the File and Directory Entries API a drop uses (FileSystemEntry and kin). */
export interface EntryLike {
  isFile: boolean
  isDirectory: boolean
  name: string
  fullPath: string
  file?(success: (file: File) => void, failure?: (error: unknown) => void): void
  createReader?(): { readEntries(success: (batch: EntryLike[]) => void, failure?: (error: unknown) => void): void }
}

export interface DataTransferItemLike {
  kind: string
  getAsFile(): File | null
  webkitGetAsEntry?(): EntryLike | null
}

export interface DataTransferLike {
  items?: ArrayLike<DataTransferItemLike> | null
  files?: ArrayLike<File> | null
}

function fileOf(entry: EntryLike): Promise<File> {
  return new Promise((resolve, reject) => {
    if (!entry.file) reject(new Error(`Not a file: ${entry.fullPath}`))
    else entry.file(resolve, reject)
  })
}

/** Every entry of a folder: readEntries hands them out in batches (100 in Chromium) until an empty one. */
async function childrenOf(entry: EntryLike): Promise<EntryLike[]> {
  const reader = entry.createReader?.()
  if (!reader) return []
  const all: EntryLike[] = []
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject))
    if (batch.length === 0) return all
    all.push(...batch)
  }
}

async function walk(entry: EntryLike): Promise<PickedFile[]> {
  if (entry.isDirectory) {
    const nested = await Promise.all((await childrenOf(entry)).map(walk))
    return nested.flat()
  }
  if (isIgnoredSystemFile(entry.name)) return []
  return [{ file: await fileOf(entry), relativePath: entry.fullPath }]
}

/**
 * The files of a drop, folders walked through the entries API with their paths kept
 * ('/photos/2024/a.jpg'). Call it during the drop event: the items are emptied once it returns,
 * so every entry is taken before the first await.
 */
export function filesFromDataTransfer(dataTransfer: DataTransferLike): Promise<PickedFile[]> {
  const items = Array.from(dataTransfer.items ?? []).filter((item) => item.kind === 'file')
  if (items.length === 0) return Promise.resolve(Array.from(dataTransfer.files ?? [], (file) => ({ file })))
  const roots = items.map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }))
  return Promise.all(
    roots.map(({ entry, file }) => {
      if (entry) return walk(entry)
      return Promise.resolve(file ? [{ file }] : [])
    }),
  ).then((lists) => lists.flat())
}
