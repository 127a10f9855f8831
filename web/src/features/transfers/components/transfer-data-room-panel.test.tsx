import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { testTransfer } from '../../../testing/test-transfer.js'
import { TransferDataRoomPanel } from './transfer-data-room-panel.js'

const transfer = testTransfer({ clean_data_room: true, access: 'recipients' })
const ann = '1d2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d'
const fileId = '0b6c3c2e-5f7e-4d5a-9a4e-2f1d6a7b8c9d'

function logAnswer(revoked: boolean) {
  return {
    viewers: [
      {
        recipient_id: ann,
        email: 'ann@example.com',
        revoked_at: revoked ? '2026-12-04T10:05:00Z' : null,
        last_seen_at: '2026-12-04T10:00:00Z',
        pages_viewed: 2,
      },
    ],
    entries: [
      {
        at: '2026-12-04T10:00:00Z',
        email: 'ann@example.com',
        recipient_id: ann,
        file_id: fileId,
        file_name: 'deck.pdf',
        page: 2,
        view_id: 'ABCDEFGH',
        duration_ms: 12_400,
        action: 'page',
      },
      {
        at: '2026-12-04T09:59:00Z',
        email: 'ann@example.com',
        recipient_id: ann,
        file_id: fileId,
        file_name: 'deck.pdf',
        page: 1,
        view_id: 'ABCDEFGH',
        duration_ms: null,
        action: 'page',
      },
    ],
    next_before: null,
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('TransferDataRoomPanel', () => {
  it('lists who viewed which page for how long, exports the CSV, and revokes then restores a viewer', async () => {
    let revoked = false
    const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.includes('/room/viewers/')) {
        revoked = init.method === 'POST'
        return new Response(null, { status: 204 })
      }
      return Response.json(logAnswer(revoked))
    })
    vi.stubGlobal('fetch', fetch)
    const { user } = renderWithApp(<TransferDataRoomPanel transfer={transfer} />)

    const rows = await screen.findAllByTestId('data-room-entry')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('deck.pdf')).toBeTruthy()
    expect(within(rows[0]!).getByText('12 sec')).toBeTruthy()
    expect(within(rows[1]!).getByText('—')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/transfers/${transfer.id}/room/log.csv`,
    )
    expect(screen.getByText('2 pages viewed', { exact: false })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Revoke access for ann@example.com' }))
    await waitFor(() => expect(screen.getByTestId('data-room-viewer-row').getAttribute('data-revoked')).toBe('true'))
    const revoke = fetch.mock.calls.find(([url]) => url.includes('/room/viewers/'))
    expect(revoke?.[0]).toBe(`/api/transfers/${transfer.id}/room/viewers/${ann}/revoke`)
    expect(revoke?.[1]?.method).toBe('POST')

    await user.click(screen.getByRole('button', { name: 'Restore access for ann@example.com' }))
    await waitFor(() => expect(screen.getByTestId('data-room-viewer-row').getAttribute('data-revoked')).toBe('false'))
    expect(fetch.mock.calls.filter(([url]) => url.includes('/room/viewers/')).at(-1)?.[1]?.method).toBe('DELETE')
  })

  it('speaks Spanish', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(logAnswer(true))),
    )
    renderWithApp(<TransferDataRoomPanel transfer={transfer} />, { language: 'es' })
    expect(await screen.findByRole('button', { name: 'Restablecer el acceso de ann@example.com' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toBeTruthy()
    expect(screen.getByTestId('data-room-viewer-state').textContent).toBe('Retirado')
  })
})
