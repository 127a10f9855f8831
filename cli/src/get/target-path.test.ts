import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseShareUrl, targetPath } from './target-path.js'

describe('targetPath', () => {
  const out = path.resolve('/tmp/out')

  it('keeps the folders of a name', () => {
    expect(targetPath(out, 'photos/2024/a.jpg')).toBe(path.join(out, 'photos', '2024', 'a.jpg'))
  })

  it('never leaves the output folder', () => {
    expect(targetPath(out, '../../etc/passwd')).toBe(path.join(out, 'etc', 'passwd'))
    expect(targetPath(out, '/etc/passwd')).toBe(path.join(out, 'etc', 'passwd'))
    expect(targetPath(out, 'a\\..\\..\\b')).toBe(path.join(out, 'a', 'b'))
    expect(() => targetPath(out, '../..')).toThrow(/usable name/)
  })
})

describe('parseShareUrl', () => {
  it('reads the server, the share id and a recipient token', () => {
    expect(parseShareUrl('https://f.example/share/AbC123?t=tok')).toEqual({
      server: 'https://f.example',
      uniqueId: 'AbC123',
      token: 'tok',
    })
    expect(parseShareUrl('http://host:8080/ferry/share/x/')).toEqual({
      server: 'http://host:8080/ferry',
      uniqueId: 'x',
      token: undefined,
    })
  })

  it('refuses what is no share link', () => {
    expect(() => parseShareUrl('not a url')).toThrow(/share link/)
    expect(() => parseShareUrl('https://f.example/transfers/x')).toThrow(/share link/)
  })
})
