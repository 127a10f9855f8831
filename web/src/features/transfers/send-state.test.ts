import { describe, expect, it } from 'vitest'
import { isOverLimit, sendButtonState, sendProgressPercent } from './send-state.js'

const ready = { busy: false, isAuthenticated: true, overLimit: false, totalBytes: 10, hasRecipient: true }

describe('sendButtonState (spec/transfers.md §2)', () => {
  it('shows Uploading while busy, whatever else holds', () => {
    expect(sendButtonState({ ...ready, busy: true, isAuthenticated: false, overLimit: true })).toBe('uploading')
  })

  it('asks a visitor to log in before anything else', () => {
    expect(sendButtonState({ ...ready, isAuthenticated: false, overLimit: true, totalBytes: 0 })).toBe('login')
  })

  it('asks to upgrade over the limit', () => {
    expect(sendButtonState({ ...ready, overLimit: true })).toBe('upgrade')
  })

  it('is disabled with no bytes or no recipient, and ready otherwise', () => {
    expect(sendButtonState({ ...ready, totalBytes: 0 })).toBe('disabled')
    expect(sendButtonState({ ...ready, hasRecipient: false })).toBe('disabled')
    expect(sendButtonState(ready)).toBe('ready')
  })
})

describe('limits', () => {
  it('is over the limit only past it, never when unlimited', () => {
    expect(isOverLimit(100, 100)).toBe(false)
    expect(isOverLimit(101, 100)).toBe(true)
    expect(isOverLimit(Number.MAX_SAFE_INTEGER, null)).toBe(false)
  })
})

describe('sendProgressPercent (product.md §4)', () => {
  it('follows the real upload progress, then is full while the transfer is created', () => {
    expect(sendProgressPercent('uploading', 0.37)).toBeCloseTo(37)
    expect(sendProgressPercent('creating', 0.37)).toBe(100)
    expect(sendProgressPercent('idle', 0.9)).toBe(0)
  })
})
