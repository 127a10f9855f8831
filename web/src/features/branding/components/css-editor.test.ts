import { describe, expect, it } from 'vitest'
import { offsetOf } from './css-editor.js'

describe('offsetOf', () => {
  const css = 'a{color:red}\n  @import "x";\nb{}'
  it('finds the character the server names by line and column', () => {
    expect(css.slice(offsetOf(css, 2, 3))).toMatch(/^@import/)
    expect(offsetOf(css, 1, 1)).toBe(0)
    expect(css[offsetOf(css, 3, 1)]).toBe('b')
  })
  it('stays inside the text for a position past its end', () => {
    expect(offsetOf(css, 9, 1)).toBe(css.length)
    expect(offsetOf(css, 3, 99)).toBe(css.length)
  })
})
