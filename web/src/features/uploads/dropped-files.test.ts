import { describe, expect, it } from 'vitest'
import { type EntryLike, filesFromDataTransfer } from './dropped-files.js'

function fileEntry(path: string, content = path): EntryLike {
  const name = path.split('/').at(-1) ?? path
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath: path,
    // Asynchronous, as the browser's FileSystemFileEntry.file() is (a later task, not a wait).
    file: (success) => setTimeout(() => success(new File([content], name))),
  }
}

/** A folder whose reader hands out `batchSize` entries a call, like Chromium's 100. */
function dirEntry(path: string, children: EntryLike[], batchSize = 2): EntryLike {
  return {
    isFile: false,
    isDirectory: true,
    name: path.split('/').at(-1) ?? path,
    fullPath: path,
    createReader() {
      let offset = 0
      return {
        readEntries(success) {
          const batch = children.slice(offset, offset + batchSize)
          offset += batch.length
          // Asynchronous, as the browser's readEntries() is (a later task, not a wait).
          setTimeout(() => success(batch))
        },
      }
    },
  }
}

const item = (entry: EntryLike | null, file: File | null = null) => ({
  kind: 'file',
  getAsFile: () => file,
  webkitGetAsEntry: () => entry,
})

describe('filesFromDataTransfer', () => {
  it('walks dropped folders, reading every batch, and keeps their paths', async () => {
    const photos = dirEntry('/photos', [
      fileEntry('/photos/a.jpg'),
      dirEntry('/photos/2024', [fileEntry('/photos/2024/b.jpg'), fileEntry('/photos/2024/c.jpg')]),
      fileEntry('/photos/.DS_Store'),
      fileEntry('/photos/d.jpg'),
      fileEntry('/photos/e.jpg'),
    ])
    const picked = await filesFromDataTransfer({ items: [item(photos), item(fileEntry('/notes.txt'))] })
    expect(picked.map((p) => [p.file.name, p.relativePath])).toEqual([
      ['a.jpg', '/photos/a.jpg'],
      ['b.jpg', '/photos/2024/b.jpg'],
      ['c.jpg', '/photos/2024/c.jpg'],
      ['d.jpg', '/photos/d.jpg'],
      ['e.jpg', '/photos/e.jpg'],
      ['notes.txt', '/notes.txt'],
    ])
    expect(await picked[1]?.file.text()).toBe('/photos/2024/b.jpg')
  })

  it('takes every entry before waiting, as the browser empties the items after the event', async () => {
    let live = true
    const entry = fileEntry('/a.txt')
    const transfer = {
      items: [
        {
          kind: 'file',
          getAsFile: () => (live ? new File(['a'], 'a.txt') : null),
          webkitGetAsEntry: () => (live ? entry : null),
        },
      ],
    }
    const pending = filesFromDataTransfer(transfer)
    live = false
    expect((await pending).map((p) => p.file.name)).toEqual(['a.txt'])
  })

  it('falls back to the file when there is no entry, and to the file list when there are no items', async () => {
    const loose = new File(['x'], 'x.bin')
    expect(
      await filesFromDataTransfer({ items: [item(null, loose), { kind: 'string', getAsFile: () => null }] }),
    ).toEqual([{ file: loose }])
    expect(await filesFromDataTransfer({ files: [loose] })).toEqual([{ file: loose }])
  })
})
