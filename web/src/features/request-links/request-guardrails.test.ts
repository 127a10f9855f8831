import type { RequestInfo } from '@ferry/contracts/api/request-links'
import { describe, expect, it } from 'vitest'
import { guardrailProblems, hasProblems } from './request-guardrails.js'
import { linkIdPrefix } from './request-link-text.js'

const info = (over: Partial<RequestInfo> = {}): RequestInfo => ({
  request_id: 'abcdefghijklmnop',
  completed: false,
  expires_at: '2030-01-01T00:00:00.000Z',
  max_files: null,
  max_total_bytes: null,
  allowed_types: [],
  branding: null,
  require_sender: 'none',
  name: null,
  message: null,
  single_upload: false,
  deactivated: false,
  owner_name: 'Olga',
  files_received: 0,
  bytes_received: 0,
  max_upload_bytes: null,
  ...over,
})

const files = (...names: [string, string][]) => ({
  items: names.map(([name, type]) => ({ name, type })),
  totalBytes: names.length * 100,
})

describe('guardrailProblems', () => {
  it('finds nothing on a link without guardrails', () => {
    const problems = guardrailProblems(info(), files(['a.exe', 'application/x-msdownload']))
    expect(problems).toEqual({ tooManyFiles: null, tooLarge: null, notAllowed: [] })
    expect(hasProblems(problems)).toBe(false)
  })

  it('counts files already received against max_files', () => {
    const picked = files(['a.pdf', 'application/pdf'], ['b.pdf', 'application/pdf'])
    expect(guardrailProblems(info({ max_files: 3, files_received: 1 }), picked).tooManyFiles).toBeNull()
    expect(guardrailProblems(info({ max_files: 3, files_received: 2 }), picked).tooManyFiles).toBe(1)
  })

  it('compares the total with max_upload_bytes', () => {
    const picked = files(['a.pdf', 'application/pdf'], ['b.pdf', 'application/pdf'])
    expect(guardrailProblems(info({ max_upload_bytes: 200 }), picked).tooLarge).toBeNull()
    expect(guardrailProblems(info({ max_upload_bytes: 199 }), picked).tooLarge).toBe(199)
  })

  it('names files of a type the link refuses', () => {
    const picked = files(['a.PDF', ''], ['cat.png', 'image/png'], ['notes.txt', 'text/plain'])
    const problems = guardrailProblems(info({ allowed_types: ['.pdf', 'image/'] }), picked)
    expect(problems.notAllowed).toEqual(['notes.txt'])
    expect(hasProblems(problems)).toBe(true)
  })
})

describe('link text', () => {
  it('shows the first 8 characters of a link id', () => {
    expect(linkIdPrefix('abcdefghijkl')).toBe('abcdefgh…')
  })
})
