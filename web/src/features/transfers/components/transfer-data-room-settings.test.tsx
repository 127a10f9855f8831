import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { testTransfer } from '../../../testing/test-transfer.js'
import { TransferDataRoomSettings } from './transfer-data-room-settings.js'

afterEach(() => vi.unstubAllGlobals())

describe('TransferDataRoomSettings', () => {
  it('turns a link transfer into a recipients-only data room in one PATCH', async () => {
    const transfer = testTransfer({ access: 'link' })
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ ...transfer, access: 'recipients', clean_data_room: true }),
    )
    vi.stubGlobal('fetch', fetch)
    const { user } = renderWithApp(<TransferDataRoomSettings transfer={transfer} inPlan />)
    await user.click(screen.getByRole('switch', { name: /^Clean data room \(view only\)/ }))
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce())
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe(`/api/transfers/${transfer.id}`)
    expect(init.method).toBe('PATCH')
    expect(JSON.parse(String(init.body))).toEqual({ clean_data_room: true, access: 'recipients' })
  })

  it("allows the watermarked PDF, and says the server's refusal", async () => {
    const transfer = testTransfer({ access: 'recipients', clean_data_room: true })
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json(
        {
          detail:
            'A clean data room is open only to its recipients, each after an emailed code: choose "Only the recipients" and add at least one recipient.',
          code: 'data_room_needs_recipients',
        },
        { status: 422 },
      ),
    )
    vi.stubGlobal('fetch', fetch)
    const { user } = renderWithApp(<TransferDataRoomSettings transfer={transfer} inPlan />, { language: 'es' })
    await user.click(screen.getByRole('checkbox', { name: /^Permitir descargar un PDF con marca de agua/ }))
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce())
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual({ data_room_pdf_download: true })
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Una sala de datos limpia solo está abierta/)
  })
})
