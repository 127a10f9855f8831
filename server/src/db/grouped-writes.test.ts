import { describe, expect, it } from 'vitest'
import { groupedWrites } from './grouped-writes.js'

/** A write that holds until released, recording each group it was given. */
function heldWriter(failing: (row: number) => boolean = () => false) {
  const groups: number[][] = []
  const releases: (() => void)[] = []
  const write = (rows: number[]) => {
    groups.push(rows)
    return new Promise<void>((resolve, reject) => {
      releases.push(() => (rows.some(failing) ? reject(new Error(`bad row in ${rows}`)) : resolve()))
    })
  }
  const releaseNext = async () => {
    while (releases.length === 0) await new Promise((r) => setImmediate(r))
    releases.shift()!()
  }
  return { groups, write, releaseNext }
}

describe('groupedWrites', () => {
  it('writes the first row at once and the rows that arrived meanwhile as one group', async () => {
    const writer = heldWriter()
    const append = groupedWrites(writer.write, { max: 100 })
    const first = append(1)
    const rest = [append(2), append(3), append(4)]
    expect(writer.groups).toEqual([[1]])
    await writer.releaseNext()
    await first
    await writer.releaseNext()
    await Promise.all(rest)
    expect(writer.groups).toEqual([[1], [2, 3, 4]])
  })

  it('keeps a group within its maximum', async () => {
    const writer = heldWriter()
    const append = groupedWrites(writer.write, { max: 2 })
    const all = [1, 2, 3, 4, 5].map(append)
    for (let i = 0; i < 3; i++) await writer.releaseNext()
    await Promise.all(all)
    expect(writer.groups).toEqual([[1], [2, 3], [4, 5]])
  })

  it('fails only the bad row of a group: the others are written one by one', async () => {
    const writer = heldWriter((row) => row === 3)
    const append = groupedWrites(writer.write, { max: 100 })
    const first = append(1)
    const outcomes = [2, 3, 4].map((row) =>
      append(row).then(
        () => 'written',
        (e: Error) => e.message,
      ),
    )
    for (let i = 0; i < 5; i++) await writer.releaseNext()
    await first
    expect(await Promise.all(outcomes)).toEqual(['written', 'bad row in 3', 'written'])
    expect(writer.groups).toEqual([[1], [2, 3, 4], [2], [3], [4]])
  })

  it('starts again after going idle', async () => {
    const writer = heldWriter()
    const append = groupedWrites(writer.write, { max: 100 })
    const one = append(1)
    await writer.releaseNext()
    await one
    const two = append(2)
    await writer.releaseNext()
    await two
    expect(writer.groups).toEqual([[1], [2]])
  })
})
