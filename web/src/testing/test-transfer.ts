import type { Transfer } from '@ferry/contracts/api/transfers'

/**
 * A transfer as the API lists it, for component and unit tests: an active, one-file transfer
 * to one recipient with nothing locked or limited, and `fields` on top. One fixture, so a new
 * field of the contract is added here once.
 */
export function testTransfer(fields: Partial<Transfer> = {}): Transfer {
  const id = fields.id ?? '6f1c1d9e-8f3a-4c55-9d53-4f2b8c1e7a10'
  const uniqueId = fields.unique_id ?? 'abc'
  return {
    id,
    user_id: null,
    title: '',
    recipient_email: 'x@y.co',
    recipient_emails: ['x@y.co'],
    file_name: 'f.bin',
    file_size: 1,
    download_count: 0,
    created_at: '2026-11-20T00:00:00Z',
    expires_at: '2026-12-20T00:00:00Z',
    message: '',
    unique_id: uniqueId,
    file_key: 'k',
    deleted_at: null,
    files: [],
    status: 'active',
    sharing_url: `http://ferry.test/share/${uniqueId}`,
    has_password: false,
    reminders: true,
    access: 'link',
    max_downloads: null,
    burn_after_download: false,
    download_limit_reached: false,
    sftp_in_email: false,
    clean_data_room: false,
    data_room_pdf_download: false,
    background_id: null,
    scan_hold: null,
    ...fields,
  }
}
