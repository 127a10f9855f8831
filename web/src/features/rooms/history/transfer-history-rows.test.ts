import type { HistoryItem } from '@ferry/contracts/api/rooms'
import { describe, expect, it } from 'vitest'
import {
  filterHistory,
  historyDirection,
  historySpeed,
  parseStatusFilter,
  statusColor,
  summarizeHistory,
} from './transfer-history-rows.js'

const me = '00000000-0000-4000-8000-000000000001'
const other = '00000000-0000-4000-8000-000000000002'

function item(overrides: Partial<HistoryItem>): HistoryItem {
  return {
    id: crypto.randomUUID(),
    room_id: crypto.randomUUID(),
    sender_id: me,
    recipient_id: other,
    sender_name: 'Me',
    recipient_name: 'Other',
    file_name: 'report.pdf',
    mime_type: 'application/pdf',
    file_size: 1000,
    status: 'completed',
    transfer_speed: 12.34,
    sha256: null,
    reason: null,
    created_at: '2026-01-05T15:04:00.000Z',
    updated_at: '2026-01-05T15:04:00.000Z',
    direction: 'sent',
    ...overrides,
  }
}

describe('transfer history rows', () => {
  const rows = [
    item({ file_name: 'Holiday.JPG', status: 'completed', file_size: 3000 }),
    item({ file_name: 'notes.txt', status: 'rejected', file_size: 50 }),
    item({ file_name: 'holiday-2.png', status: 'completed', file_size: 7000, sender_id: other }),
    item({ file_name: 'video.mp4', status: 'error', file_size: 999 }),
  ]

  it('searches file names case-insensitively and filters by status', () => {
    expect(filterHistory(rows, 'holiday', 'all').map((r) => r.file_name)).toEqual(['Holiday.JPG', 'holiday-2.png'])
    expect(filterHistory(rows, '  ', 'rejected').map((r) => r.file_name)).toEqual(['notes.txt'])
    expect(filterHistory(rows, 'holiday', 'error')).toEqual([])
    expect(filterHistory(rows, '', 'all')).toHaveLength(4)
  })

  it('sums the size of completed transfers only', () => {
    expect(summarizeHistory(rows)).toEqual({ total: 4, completed: 2, totalData: 10000 })
    expect(summarizeHistory([])).toEqual({ total: 0, completed: 0, totalData: 0 })
  })

  it('colours badges as the spec says', () => {
    expect(statusColor('completed')).toBe('green')
    expect(statusColor('accepted')).toBe('blue')
    expect(statusColor('initiated')).toBe('yellow')
    expect(statusColor('rejected')).toBe('red')
    expect(statusColor('error')).toBe('red')
    expect(statusColor('canceled')).toBe('gray')
  })

  it('is Sent only when I am the sender', () => {
    expect(historyDirection({ sender_id: me }, me)).toBe('sent')
    expect(historyDirection({ sender_id: other }, me)).toBe('received')
    expect(historyDirection({ sender_id: me }, undefined)).toBe('received')
  })

  it('formats speed as sizes read, null as N/A', () => {
    expect(historySpeed(12.34, 'en')).toBe('12.3 MiB/s')
    expect(historySpeed(12.36, 'es')).toBe('12,4 MiB/s')
    expect(historySpeed(0, 'en')).toBe('0 B/s')
    expect(historySpeed(null, 'en')).toBeNull()
  })

  it('parses the status filter, falling back to all', () => {
    expect(parseStatusFilter('completed')).toBe('completed')
    expect(parseStatusFilter('bogus')).toBe('all')
    expect(parseStatusFilter(null)).toBe('all')
  })
})
