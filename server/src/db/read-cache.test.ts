import { describe, expect, it } from 'vitest'
import { mayHaveWritten } from './change-counter.js'
import { createReadCache } from './read-cache.js'

describe('createReadCache', () => {
  const counting = () => ({ changes: { version: 0 } })

  it('keeps a read until the database changes', async () => {
    const database = counting()
    const cache = createReadCache<number>(database, { max: 10 })
    let reads = 0
    const read = async () => ++reads
    expect(await cache.get('a', read)).toBe(1)
    expect(await cache.get('a', read)).toBe(1)
    database.changes.version++
    expect(await cache.get('a', read)).toBe(2)
    expect(reads).toBe(2)
  })

  it('does not keep a read during which a write ended', async () => {
    const database = counting()
    const cache = createReadCache<string>(database, { max: 10 })
    expect(
      await cache.get('a', async () => {
        database.changes.version++
        return 'maybe stale'
      }),
    ).toBe('maybe stale')
    expect(await cache.get('a', async () => 'current')).toBe('current')
  })

  it('reads every time when other processes write too (PostgreSQL)', async () => {
    const cache = createReadCache<number>({ changes: null }, { max: 10 })
    let reads = 0
    await cache.get('a', async () => ++reads)
    await cache.get('a', async () => ++reads)
    expect(reads).toBe(2)
  })

  it('keeps at most max reads, dropping the first kept', async () => {
    const cache = createReadCache<string>(counting(), { max: 2 })
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key)
    expect(await cache.get('a', async () => 'read again')).toBe('read again')
    expect(await cache.get('c', async () => 'read again')).toBe('c')
  })
})

describe('mayHaveWritten', () => {
  it('tells reads and empty changes from writes', () => {
    expect(mayHaveWritten('select * from "transfers"', { affectedRows: 0 })).toBe(false)
    expect(mayHaveWritten(' update "jobs" set x = 1', { affectedRows: 0 })).toBe(false)
    expect(mayHaveWritten('update "jobs" set x = 1', { affectedRows: 2 })).toBe(true)
    expect(
      mayHaveWritten('with moved as (delete from a returning *) insert into b select * from moved', {
        affectedRows: 0,
      }),
    ).toBe(true)
    expect(mayHaveWritten('truncate "transfers"', { affectedRows: 0 })).toBe(true)
  })
})
