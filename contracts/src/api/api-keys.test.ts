import { describe, expect, it } from 'vitest'
import { apiKeyCreateRequest, apiKeyPattern, putUploadQuery } from './api-keys.js'

describe('putUploadQuery', () => {
  it('takes to= repeated, comma-separated, or both, and drops empty entries', () => {
    expect(putUploadQuery.parse({}).to).toEqual([])
    expect(putUploadQuery.parse({ to: 'a@b.c' }).to).toEqual(['a@b.c'])
    expect(putUploadQuery.parse({ to: 'a@b.c, d@e.f,' }).to).toEqual(['a@b.c', 'd@e.f'])
    expect(putUploadQuery.parse({ to: ['a@b.c', 'd@e.f,g@h.i'] }).to).toEqual(['a@b.c', 'd@e.f', 'g@h.i'])
  })

  it('reads expires_in_hours as a positive whole number', () => {
    expect(putUploadQuery.parse({ expires_in_hours: '24' }).expires_in_hours).toBe(24)
    for (const bad of ['0', '-1', '1.5', 'soon'])
      expect(putUploadQuery.safeParse({ expires_in_hours: bad }).success).toBe(false)
  })
})

describe('apiKeyCreateRequest', () => {
  it('needs a name and at least one known scope, each once', () => {
    expect(apiKeyCreateRequest.parse({ name: ' CI ', scopes: ['transfers:read'] })).toEqual({
      name: 'CI',
      scopes: ['transfers:read'],
    })
    expect(apiKeyCreateRequest.safeParse({ name: 'CI', scopes: [] }).success).toBe(false)
    expect(apiKeyCreateRequest.safeParse({ name: 'CI', scopes: ['account:write'] }).success).toBe(false)
    expect(apiKeyCreateRequest.safeParse({ name: 'CI', scopes: ['transfers:read', 'transfers:read'] }).success).toBe(
      false,
    )
    expect(apiKeyCreateRequest.safeParse({ name: '  ', scopes: ['transfers:read'] }).success).toBe(false)
  })
})

describe('apiKeyPattern', () => {
  it('matches the ferry_ prefix and 43 base64url characters only', () => {
    expect(apiKeyPattern.test(`ferry_${'a'.repeat(43)}`)).toBe(true)
    expect(apiKeyPattern.test(`ferry_${'a'.repeat(42)}`)).toBe(false)
    expect(apiKeyPattern.test(`ferry_${'a'.repeat(42)}=`)).toBe(false)
    expect(apiKeyPattern.test(`other_${'a'.repeat(43)}`)).toBe(false)
  })
})
