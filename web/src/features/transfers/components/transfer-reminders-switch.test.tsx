import type { Transfer } from '@ferry/contracts/api/transfers'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { TransferRemindersSwitch } from './transfer-reminders-switch.js'

const transfer: Transfer = {
  id: '6f1c1d9e-8f3a-4c55-9d53-4f2b8c1e7a10',
  user_id: null,
  title: 'Plans',
  recipient_email: 'x@y.co',
  recipient_emails: ['x@y.co'],
  file_name: 'f.bin',
  file_size: 1,
  download_count: 0,
  created_at: '2026-11-20T00:00:00Z',
  expires_at: '2026-12-20T00:00:00Z',
  message: '',
  unique_id: 'abc',
  file_key: 'k',
  deleted_at: null,
  files: [],
  status: 'active',
  sharing_url: 'http://ferry.test/share/abc',
  has_password: false,
  reminders: true,
  access: 'link',
  max_downloads: null,
  burn_after_download: false,
  download_limit_reached: false,
}

afterEach(() => vi.unstubAllGlobals())

describe('TransferRemindersSwitch', () => {
  it('turns the reminder off with PATCH {reminders: false}', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ ...transfer, reminders: false }))
    vi.stubGlobal('fetch', fetch)
    const { user } = renderWithApp(<TransferRemindersSwitch transfer={transfer} />)
    const toggle = screen.getByRole('switch', { name: /^Remind recipients a day before the link expires/ })
    expect((toggle as HTMLInputElement).checked).toBe(true)
    await user.click(toggle)
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce())
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toContain(`/api/transfers/${transfer.id}`)
    expect(init.method).toBe('PATCH')
    expect(JSON.parse(String(init.body))).toEqual({ reminders: false })
  })

  it('speaks Spanish', () => {
    renderWithApp(<TransferRemindersSwitch transfer={transfer} />, { language: 'es' })
    expect(
      screen.getByRole('switch', { name: /^Recordar a los destinatarios un día antes de que caduque el enlace/ }),
    ).toBeTruthy()
  })
})
