import { describe, expect, it } from 'vitest'
import { type PurgeOutcome, sweepInPages } from './paged-sweep.js'

describe('sweepInPages', () => {
  it('purges page after page and counts purged and failed items', async () => {
    const due = new Set(['a', 'b', 'c', 'd'])
    const outcomes: Record<string, PurgeOutcome> = { a: 'purged', b: 'failed', c: 'purged', d: 'purged' }
    const calls: string[] = []
    const result = await sweepInPages(
      async () => [...due].slice(0, 2).map((id) => ({ id })),
      async (id) => {
        calls.push(id)
        if (outcomes[id] === 'purged') due.delete(id)
        return outcomes[id]!
      },
    )
    expect(result).toEqual({ purged: 3, failed: 1 })
    expect(calls).toEqual(['a', 'b', 'c', 'd'])
  })

  it('ends when every listed item stays listed, trying each once', async () => {
    const calls: string[] = []
    const result = await sweepInPages(
      async () => [{ id: 'x' }, { id: 'y' }],
      async (id) => {
        calls.push(id)
        return 'failed'
      },
    )
    expect(result).toEqual({ purged: 0, failed: 2 })
    expect(calls).toEqual(['x', 'y'])
  })
})
