import { routePath } from '@ferry/contracts/routes/route'
import { shareApi } from '@ferry/contracts/routes/transfers'
import { describe, expect, it } from 'vitest'
import { shareDownloadHref, zipAllowed } from './share-downloads.js'

describe('zipAllowed (spec/transfers.md §2)', () => {
  it('offers the ZIP up to the configured size in MB, only while active', () => {
    const MiB = 1024 * 1024
    expect(zipAllowed(2048 * MiB, 2048, 'active')).toBe(true)
    expect(zipAllowed(2048 * MiB + 1, 2048, 'active')).toBe(false)
    expect(zipAllowed(10, 2048, 'expired')).toBe(false)
    expect(zipAllowed(10, 2048, 'deleted')).toBe(false)
  })
})

describe('shareDownloadHref', () => {
  it('adds the file key or as_zip, and the tracking id, encoded, as a path on this origin', () => {
    const path = routePath(shareApi.download, { uniqueId: 'abc' })
    expect(path.startsWith('/')).toBe(true)
    expect(shareDownloadHref('abc', { fileKey: 'u/1/a b&c' }, 'T1')).toBe(`${path}?file_key=u%2F1%2Fa+b%26c&t=T1`)
    expect(shareDownloadHref('abc', { zip: true }, null)).toBe(`${path}?as_zip=true`)
  })
})
