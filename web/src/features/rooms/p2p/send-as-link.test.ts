import { describe, expect, it, vi } from 'vitest'
import { isShareLink, pickedFile, SendAsLinkError, sendAsLink } from './send-as-link.js'

/** An upload engine that finishes (or fails) the files it is given when told to. */
function fakeEngine() {
  const listeners = new Set<() => void>()
  let snapshot = { progress: 0, allDone: false, errorCount: 0, isUploading: false, completed: [] as object[] }
  const added: { name: string; relativePath?: string }[] = []
  return {
    added,
    destroyed: vi.fn(),
    engine: {
      getSnapshot: () => snapshot as never,
      subscribe(listener: () => void) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      addFiles(files: readonly { file: File; relativePath?: string }[]) {
        for (const f of files) added.push({ name: f.file.name, relativePath: f.relativePath })
        snapshot = { ...snapshot, isUploading: true }
      },
      destroy() {},
    },
    set(next: Partial<typeof snapshot>) {
      snapshot = { ...snapshot, ...next }
      for (const listener of listeners) listener()
    },
  }
}

describe('sendAsLink', () => {
  it('uploads the offered files with their folder paths, then posts the uploads and answers the link', async () => {
    const fake = fakeEngine()
    const progress: number[] = []
    const postLink = vi.fn(async () => ({ share_url: 'https://ferry.example/share/abc' }))
    const destroy = vi.spyOn(fake.engine, 'destroy')
    const files = [
      { name: 'a.txt', file: new File(['a'], 'a.txt') },
      { name: 'photos/b.jpg', file: new Blob(['bb']) },
    ]
    const sent = sendAsLink(files, { engine: fake.engine, postLink, onProgress: (p) => progress.push(p) })
    expect(fake.added).toEqual([
      { name: 'a.txt', relativePath: undefined },
      { name: 'b.jpg', relativePath: 'photos/b.jpg' },
    ])
    fake.set({ progress: 0.5 })
    const completed = [
      { file_key: 'k1', file_name: 'a.txt', file_size: 1 },
      { file_key: 'k2', file_name: 'photos/b.jpg', file_size: 2 },
    ]
    fake.set({ progress: 1, allDone: true, isUploading: false, completed })
    await expect(sent).resolves.toBe('https://ferry.example/share/abc')
    expect(postLink).toHaveBeenCalledWith(completed)
    expect(progress).toContain(0.5)
    expect(destroy).toHaveBeenCalledOnce()
  })

  it('fails at the upload when a file could not be stored, and posts nothing', async () => {
    const fake = fakeEngine()
    const postLink = vi.fn(async () => ({ share_url: 'x' }))
    const sent = sendAsLink([{ name: 'a.txt', file: new File(['a'], 'a.txt') }], { engine: fake.engine, postLink })
    fake.set({ errorCount: 1, isUploading: false })
    await expect(sent).rejects.toMatchObject({ stage: 'upload' })
    expect(postLink).not.toHaveBeenCalled()
  })

  it("passes on the server's refusal (a plan limit, say) as the error's cause", async () => {
    const fake = fakeEngine()
    const refusal = new Error('plan_limit')
    const sent = sendAsLink([{ name: 'a.txt', file: new File(['a'], 'a.txt') }], {
      engine: fake.engine,
      postLink: () => Promise.reject(refusal),
    })
    fake.set({ allDone: true, completed: [{ file_key: 'k', file_name: 'a.txt', file_size: 1 }] })
    const error = await sent.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendAsLinkError)
    expect((error as SendAsLinkError).cause).toBe(refusal)
  })
})

describe('pickedFile', () => {
  it('keeps a File named as offered and names a Blob after the last part of its path', () => {
    const file = new File(['x'], 'x.txt')
    expect(pickedFile({ name: 'x.txt', file }).file).toBe(file)
    const picked = pickedFile({ name: 'dir/sub/y.bin', file: new Blob(['y'], { type: 'application/x-y' }) })
    expect([picked.file.name, picked.file.type, picked.relativePath]).toEqual([
      'y.bin',
      'application/x-y',
      'dir/sub/y.bin',
    ])
  })
})

describe('isShareLink', () => {
  it('accepts a share link and nothing else', () => {
    expect(isShareLink('https://ferry.example/share/Mq000CMUox_n-G')).toBe(true)
    expect(isShareLink('http://127.0.0.1:3291/share/abc')).toBe(true)
    for (const bad of [
      'javascript:alert(1)',
      'https://ferry.example/transfers/abc',
      'https://ferry.example/share/abc?next=https://evil.example',
      'https://ferry.example/share/abc#x',
      'https://user:pw@ferry.example/share/abc',
      'https://ferry.example/share/a/../../evil',
      '<a href="x">',
      'data:text/html,<b>x</b>',
    ])
      expect(isShareLink(bad), bad).toBe(false)
  })
})
