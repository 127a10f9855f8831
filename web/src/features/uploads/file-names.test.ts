import { describe, expect, it } from 'vitest'
import { isIgnoredSystemFile, pickedFromInput, uploadFileName } from './file-names.js'

describe('uploadFileName', () => {
  it('keeps the folder structure of a folder pick', () => {
    expect(uploadFileName('a.jpg', 'photos/2024/a.jpg')).toBe('photos/2024/a.jpg')
  })

  it('cleans drop paths and Windows separators', () => {
    expect(uploadFileName('a.jpg', '/photos/2024/a.jpg')).toBe('photos/2024/a.jpg')
    expect(uploadFileName('a.jpg', './photos//a.jpg')).toBe('photos/a.jpg')
    expect(uploadFileName('a.jpg', 'photos\\2024\\a.jpg')).toBe('photos/2024/a.jpg')
    expect(uploadFileName('a.jpg', '../../etc/a.jpg')).toBe('etc/a.jpg')
  })

  it('uses the name when there is no path', () => {
    expect(uploadFileName('report.pdf')).toBe('report.pdf')
    expect(uploadFileName('report.pdf', '')).toBe('report.pdf')
    expect(uploadFileName('report.pdf', null)).toBe('report.pdf')
  })

  it('drops control characters, which the server refuses', () => {
    expect(uploadFileName('bad\u0007name\n.txt')).toBe('badname.txt')
  })

  it('never returns an empty name', () => {
    expect(uploadFileName('', '/')).toBe('file')
    expect(uploadFileName('x', '..')).toBe('x')
  })
})

describe('pickedFromInput', () => {
  it('reads the relative path a folder input gives', () => {
    const plain = new File(['a'], 'a.txt')
    const inFolder = new File(['b'], 'b.txt')
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'docs/b.txt' })
    expect(pickedFromInput([plain, inFolder])).toEqual([
      { file: plain, relativePath: undefined },
      { file: inFolder, relativePath: 'docs/b.txt' },
    ])
  })
})

describe('isIgnoredSystemFile', () => {
  it('skips folder metadata files', () => {
    expect(isIgnoredSystemFile('.DS_Store')).toBe(true)
    expect(isIgnoredSystemFile('Thumbs.db')).toBe(true)
    expect(isIgnoredSystemFile('photo.jpg')).toBe(false)
  })
})
