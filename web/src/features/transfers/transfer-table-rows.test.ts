import type { Transfer } from '@ferry/contracts/api/transfers'
import { describe, expect, it } from 'vitest'
import { testTransfer } from '../../testing/test-transfer.js'
import { defaultSort, filterTransfers, sortTransfers, toggleSort } from './transfer-table-rows.js'

const transfer = (id: string, fields: Partial<Transfer>) =>
  testTransfer({
    id,
    unique_id: id,
    file_size: 0,
    created_at: '2025-01-01T00:00:00Z',
    expires_at: '2025-02-01T00:00:00Z',
    ...fields,
  })

const a = transfer('a', { title: 'Banana', file_size: 300, created_at: '2025-01-02T00:00:00Z' })
const b = transfer('b', {
  title: 'apple',
  file_size: 20,
  created_at: '2025-01-03T00:00:00Z',
  recipient_emails: ['x@y.co', 'zed@corp.io'],
})
const c = transfer('c', {
  title: 'Cherry',
  file_size: 1000,
  created_at: '2025-01-01T00:00:00Z',
  file_name: '2 files',
  files: [
    {
      file_id: 'f',
      file_key: 'k',
      file_name: 'Report.PDF',
      file_size: 1,
      content_type: '',
      sha256: null,
      scan_status: null,
      scan_signature: null,
    },
  ],
})

const ids = (list: Transfer[]) => list.map((t) => t.id)

describe('sorting', () => {
  it('is newest first by default', () => {
    expect(ids(sortTransfers([a, b, c], defaultSort))).toEqual(['b', 'a', 'c'])
  })

  it('sorts text without regard to case, and numbers as numbers, both ways', () => {
    expect(ids(sortTransfers([a, b, c], { key: 'title', direction: 'asc' }))).toEqual(['b', 'a', 'c'])
    expect(ids(sortTransfers([a, b, c], { key: 'size', direction: 'asc' }))).toEqual(['b', 'a', 'c'])
    expect(ids(sortTransfers([a, b, c], { key: 'size', direction: 'desc' }))).toEqual(['c', 'a', 'b'])
  })

  it('flips on the same header and starts ascending on another', () => {
    expect(toggleSort({ key: 'size', direction: 'asc' }, 'size')).toEqual({ key: 'size', direction: 'desc' })
    expect(toggleSort({ key: 'size', direction: 'desc' }, 'size')).toEqual({ key: 'size', direction: 'asc' })
    expect(toggleSort({ key: 'size', direction: 'desc' }, 'title')).toEqual({ key: 'title', direction: 'asc' })
  })
})

describe('search', () => {
  it('matches title, any recipient and any file name, ignoring case', () => {
    expect(ids(filterTransfers([a, b, c], 'BANANA'))).toEqual(['a'])
    expect(ids(filterTransfers([a, b, c], 'zed@'))).toEqual(['b'])
    expect(ids(filterTransfers([a, b, c], 'report.pdf'))).toEqual(['c'])
    expect(ids(filterTransfers([a, b, c], '  '))).toEqual(['a', 'b', 'c'])
    expect(filterTransfers([a, b, c], 'nothing-like-this')).toEqual([])
  })
})
