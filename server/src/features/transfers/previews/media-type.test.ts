import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { detectMediaType } from './media-type.js'

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#08f' } })
    .png()
    .toBuffer()
const text = (s: string) => new TextEncoder().encode(s)

describe('detectMediaType', () => {
  it('reads binary formats from their bytes, whatever the name said', async () => {
    expect(await detectMediaType(await png())).toBe('image/png')
    expect(await detectMediaType(text('%PDF-1.7\n%\xff\xff\n1 0 obj'))).toBe('application/pdf')
  })

  it('serves HTML, code, CSV and JSON as plain text, so markup never runs', async () => {
    for (const body of ['<!doctype html><script>alert(1)</script>', 'a,b\n1,2\n', '{"a": 1}', 'SELECT 1; -- ü']) {
      expect(await detectMediaType(text(body))).toBe('text/plain; charset=utf-8')
    }
  })

  it('knows SVG, and text cut inside a character', async () => {
    expect(await detectMediaType(text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    )
    const cut = text('äääää').subarray(0, 9)
    expect(await detectMediaType(cut)).toBe('text/plain; charset=utf-8')
  })

  it('gives up on bytes that are neither a known format nor text', async () => {
    expect(await detectMediaType(new Uint8Array([0, 1, 2, 3, 0xff, 0xfe, 0, 9]))).toBeNull()
  })
})
