import { describe, expect, it } from 'vitest'
import { movePage, pageMoveForKey } from './page-keys.js'

describe('pageMoveForKey', () => {
  it('turns pages with the arrows, Page Up/Down and space, and jumps with Home/End', () => {
    expect(pageMoveForKey('ArrowRight')).toBe('next')
    expect(pageMoveForKey('PageDown')).toBe('next')
    expect(pageMoveForKey(' ')).toBe('next')
    expect(pageMoveForKey('ArrowLeft')).toBe('previous')
    expect(pageMoveForKey('PageUp')).toBe('previous')
    expect(pageMoveForKey('Home')).toBe('first')
    expect(pageMoveForKey('End')).toBe('last')
    expect(pageMoveForKey('a')).toBeNull()
    expect(pageMoveForKey('Escape')).toBeNull()
  })
})

describe('movePage', () => {
  it('stays within the first and the last page', () => {
    expect(movePage(1, 'next', 3)).toBe(2)
    expect(movePage(3, 'next', 3)).toBe(3)
    expect(movePage(1, 'previous', 3)).toBe(1)
    expect(movePage(2, 'first', 3)).toBe(1)
    expect(movePage(1, 'last', 3)).toBe(3)
    expect(movePage(1, 'next', 1)).toBe(1)
  })
})
