import { describe, expect, it } from 'vitest'
import { createVerifiedBlocks } from './verified-blocks.js'

const d = (n: number) => n.toString(16).padStart(64, '0')

describe('createVerifiedBlocks', () => {
  it('counts the run of blocks both sides agree on, in whatever order the digests arrive', () => {
    const blocks = createVerifiedBlocks()
    expect(blocks.verified()).toBe(0)
    expect(blocks.theirs(0, d(0))).toBeNull()
    expect(blocks.verified()).toBe(0)
    expect(blocks.mine(1, d(1))).toBeNull()
    expect(blocks.mine(0, d(0))).toBeNull()
    // Block 1 is stored but not confirmed yet: only block 0 counts.
    expect(blocks.verified()).toBe(1)
    expect(blocks.theirs(1, d(1))).toBeNull()
    expect(blocks.verified()).toBe(2)
    // A gap: block 3 verified, block 2 missing, so the run stops at 2.
    blocks.mine(3, d(3))
    blocks.theirs(3, d(3))
    expect(blocks.verified()).toBe(2)
    blocks.theirs(2, d(2))
    blocks.mine(2, d(2))
    expect(blocks.verified()).toBe(4)
  })

  it('names a block whose stored bytes differ from the announced digest', () => {
    const blocks = createVerifiedBlocks()
    blocks.mine(0, d(0))
    expect(blocks.theirs(0, d(9))).toBe(0)
    expect(blocks.verified()).toBe(0)
  })

  it('forgets stored blocks from the resume point on, keeping the announced digests', () => {
    const blocks = createVerifiedBlocks()
    for (const i of [0, 1, 2]) {
      blocks.mine(i, d(i))
      blocks.theirs(i, d(i))
    }
    expect(blocks.verified()).toBe(3)
    blocks.truncate(1)
    expect(blocks.verified()).toBe(1)
    // The block comes again and is checked against what the sender announced before the drop.
    expect(blocks.mine(1, d(1))).toBeNull()
    expect(blocks.mine(2, d(7))).toBe(2)
    expect(blocks.verified()).toBe(2)
  })
})
