import type { Transfer } from '@ferry/contracts/api/transfers'
import { describe, expect, it } from 'vitest'
import { expiryText, transferTable } from './transfers.js'

const transfer = (over: Partial<Transfer>): Transfer => ({
  id: '0b5f6c1e-58f4-4d7e-9a55-3c2f6f1f0a11',
  user_id: null,
  title: 'Holiday photos',
  recipient_email: 'a@b.co',
  recipient_emails: ['a@b.co'],
  file_name: '3 files',
  file_size: 5 * 1024 ** 2,
  download_count: 2,
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-11-30T10:00:00.000Z',
  message: '',
  unique_id: 'u',
  file_key: 'k',
  deleted_at: null,
  files: [],
  status: 'active',
  sharing_url: 'https://f.example/share/u',
  has_password: false,
  access: 'link',
  reminders: true,
  max_downloads: null,
  burn_after_download: false,
  download_limit_reached: false,
  sftp_in_email: false,
  clean_data_room: false,
  data_room_pdf_download: false,
  background_id: null,
  scan_hold: null,
  ...over,
})

describe('ferry ls', () => {
  const now = new Date('2026-11-26T10:00:00Z')

  it('lists id, title, size, expiry and downloads in aligned columns', () => {
    const table = transferTable(
      [transfer({}), transfer({ id: 'x', title: '', file_name: 'a.iso', status: 'expired', max_downloads: 5 })],
      now,
    )
    const [head, first, second] = table.split('\n')
    expect(head).toMatch(/^ID\s+TITLE\s+SIZE\s+EXPIRES\s+DOWNLOADS$/)
    expect(first).toContain('Holiday photos')
    expect(first).toContain('5 MiB')
    expect(first).toContain('2026-11-30 10:00 UTC (in 4 days)')
    expect(second).toMatch(/a\.iso\s+5 MiB\s+expired\s+2\/5$/)
    expect(first!.indexOf('5 MiB')).toBe(second!.indexOf('5 MiB'))
  })

  it('says how long is left', () => {
    expect(expiryText(new Date('2026-11-26T15:00:00Z'), now)).toBe('2026-11-26 15:00 UTC (in 5 h)')
    expect(expiryText(new Date('2026-11-26T10:20:00Z'), now)).toContain('within the hour')
  })
})
