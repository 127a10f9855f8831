import { describe, expect, it } from 'vitest'
import { createTokenBucket } from './socket-budget.js'

describe('createTokenBucket', () => {
  it('allows a burst, then the refill rate', () => {
    let now = 0
    const bucket = createTokenBucket({ perSecond: 20, burst: 50 }, () => now)
    for (let i = 0; i < 50; i++) expect(bucket.take()).toBe(true)
    expect(bucket.take()).toBe(false)
    now += 100 // 2 tokens
    expect(bucket.take()).toBe(true)
    expect(bucket.take()).toBe(true)
    expect(bucket.take()).toBe(false)
    now += 60_000 // never more than the burst
    for (let i = 0; i < 50; i++) expect(bucket.take()).toBe(true)
    expect(bucket.take()).toBe(false)
  })
})
