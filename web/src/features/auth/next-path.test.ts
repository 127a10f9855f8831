import { describe, expect, it } from 'vitest'
import { safeNextPath } from './next-path.js'

const origin = 'https://ferry.example'

describe('safeNextPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNextPath('/profile', origin)).toBe('/profile')
    expect(safeNextPath('/transfers/abc?sort=size#top', origin)).toBe('/transfers/abc?sort=size#top')
    expect(safeNextPath('/?tab=request', origin)).toBe('/?tab=request')
  })

  it('falls back to / when there is no next', () => {
    expect(safeNextPath(null, origin)).toBe('/')
    expect(safeNextPath(undefined, origin)).toBe('/')
    expect(safeNextPath('', origin)).toBe('/')
  })

  it('refuses absolute and protocol-relative URLs and other schemes', () => {
    for (const next of [
      'https://evil.example/profile',
      'http://ferry.example/profile',
      '//evil.example/profile',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'profile',
      ' /profile',
    ]) {
      expect(safeNextPath(next, origin), next).toBe('/')
    }
  })

  it('never goes back to the sign-in pages', () => {
    expect(safeNextPath('/login?next=/profile', origin)).toBe('/')
    expect(safeNextPath('/register?ref=abc', origin)).toBe('/')
    expect(safeNextPath('/loginx', origin)).toBe('/loginx')
  })

  it('resolves dot segments before checking', () => {
    expect(safeNextPath('/a/../profile', origin)).toBe('/profile')
    expect(safeNextPath('/a/../login', origin)).toBe('/')
  })
})
