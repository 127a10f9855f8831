import { describe, expect, it } from 'vitest'
import { uniqueEntryNames, zipEntryName, zipFileName } from './zip-names.js'

describe('ZIP entry and file names', () => {
  it('keeps folders but nothing that could escape the target folder', () => {
    expect(zipEntryName('photos/2024/a.jpg')).toBe('photos/2024/a.jpg')
    expect(zipEntryName('../../etc/passwd')).toBe('etc/passwd')
    expect(zipEntryName('/abs\\win\\path.txt')).toBe('abs/win/path.txt')
    expect(zipEntryName('a\u0000b\nc.txt')).toBe('abc.txt')
    expect(zipEntryName('..')).toBe('file')
  })

  it('drops Windows drive letters and colons, and text-direction characters (security review L-8, L-9)', () => {
    expect(zipEntryName('C:\\Windows\\x.txt')).toBe('Windows/x.txt')
    expect(zipEntryName('c:/Users/a.txt')).toBe('Users/a.txt')
    expect(zipEntryName('D:x.txt')).toBe('x.txt')
    expect(zipEntryName('/C:/boot.ini')).toBe('boot.ini')
    expect(zipEntryName('notes:secret.txt')).toBe('notes_secret.txt')
    expect(zipEntryName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe')
  })

  it('makes duplicate names unique, ignoring case', () => {
    expect(uniqueEntryNames(['a.txt', 'A.txt', 'a.txt', 'dir/readme', 'dir/readme', 'x.tar.gz', 'x.tar.gz'])).toEqual([
      'a.txt',
      'A (2).txt',
      'a (3).txt',
      'dir/readme',
      'dir/readme (2)',
      'x.tar.gz',
      'x.tar (2).gz',
    ])
  })

  it('names the archive after the title, safely, or ferry-transfer', () => {
    expect(zipFileName('Holiday photos')).toBe('Holiday photos.zip')
    expect(zipFileName('a/b\\c:d*e?"f"<g>|')).toBe('a_b_c_d_e_f_g_.zip')
    expect(zipFileName('  ')).toBe('ferry-transfer.zip')
    expect(zipFileName('...hidden')).toBe('hidden.zip')
    expect(zipFileName('x'.repeat(300))).toBe(`${'x'.repeat(100)}.zip`)
  })
})
