import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { testTransfer } from '../../../testing/test-transfer.js'
import { TransferAddFilesPanel, TransferRecipientsPanel } from './transfer-edit-panels.js'

const transfer = testTransfer({
  title: 'Plans',
  recipient_email: 'ana@example.com',
  recipient_emails: ['ana@example.com'],
})

afterEach(() => vi.unstubAllGlobals())

describe('TransferRecipientsPanel', () => {
  it('sends the whole list, split and lower-cased, with PATCH {recipient_emails}', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json(transfer))
    vi.stubGlobal('fetch', fetch)
    const { user } = renderWithApp(<TransferRecipientsPanel transfer={transfer} maxRecipients={5} />)
    await user.click(screen.getByTestId('detail-recipients-edit'))
    const input = screen.getByTestId('detail-recipients-input')
    expect((input as HTMLTextAreaElement).value).toBe('ana@example.com')
    await user.type(input, '\nBo@Example.com, cy@example.com')
    await user.click(screen.getByTestId('detail-recipients-save'))
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce())
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toContain(`/api/transfers/${transfer.id}`)
    expect(init.method).toBe('PATCH')
    expect(JSON.parse(String(init.body))).toEqual({
      recipient_emails: ['ana@example.com', 'bo@example.com', 'cy@example.com'],
    })
    expect(await screen.findByTestId('recipients-done')).toBeTruthy()
  })

  it('refuses more recipients than the plan allows before asking the server, in Spanish too', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    const { user } = renderWithApp(<TransferRecipientsPanel transfer={transfer} maxRecipients={1} />, {
      language: 'es',
    })
    await user.click(screen.getByTestId('detail-recipients-edit'))
    await user.type(screen.getByTestId('detail-recipients-input'), '\nbo@example.com')
    await user.click(screen.getByTestId('detail-recipients-save'))
    expect(await screen.findByText('Solo se permite 1 destinatario')).toBeTruthy()
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe('TransferAddFilesPanel', () => {
  it('attaches the finished uploads with POST /files, then empties the queue', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json(transfer))
    vi.stubGlobal('fetch', fetch)
    const clear = vi.fn()
    const completed = [{ file_key: 'uploads/k1', file_name: 'a.pdf', file_size: 10 }]
    const { user } = renderWithApp(
      <TransferAddFilesPanel
        transfer={transfer}
        uploads={{ picker: <p>picker</p>, completed, allDone: true, clear }}
      />,
    )
    await user.click(screen.getByTestId('detail-files-add'))
    expect(screen.getByText('picker')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add 1 file to the transfer' }))
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce())
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toContain(`/api/transfers/${transfer.id}/files`)
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({ files: completed })
    await waitFor(() => expect(clear).toHaveBeenCalledOnce())
  })
})
