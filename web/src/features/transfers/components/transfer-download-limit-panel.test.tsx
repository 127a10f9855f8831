import type { Transfer } from '@ferry/contracts/api/transfers'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { testTransfer } from '../../../testing/test-transfer.js'
import { toMaxDownloads } from './download-limit-fields.js'
import { TransferDownloadLimitPanel } from './transfer-download-limit-panel.js'

const transfer = testTransfer({ title: 'Plans', download_count: 1, max_downloads: 3 })

afterEach(() => vi.unstubAllGlobals())

/** The bodies PATCHed to the transfer, answering each with the transfer as changed. */
function stubPatch() {
  const bodies: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Partial<Transfer>
      bodies.push(body)
      return Response.json({ ...transfer, ...body })
    }),
  )
  return bodies
}

describe('toMaxDownloads', () => {
  it('reads an empty field as no limit and keeps a whole number within 1–100', () => {
    expect(toMaxDownloads('')).toBeNull()
    expect(toMaxDownloads(5)).toBe(5)
    expect(toMaxDownloads('7')).toBe(7)
    expect(toMaxDownloads(0)).toBe(1)
    expect(toMaxDownloads(250)).toBe(100)
    expect(toMaxDownloads(2.5)).toBeNull()
  })
})

describe('TransferDownloadLimitPanel', () => {
  it('shows the downloads used and saves a new limit', async () => {
    const bodies = stubPatch()
    const { user } = renderWithApp(<TransferDownloadLimitPanel transfer={transfer} />)
    expect(screen.getByTestId('download-limit-count').textContent).toBe('1 of 3 downloads used')
    const input = screen.getByRole('textbox', { name: /^Download limit/ })
    await user.clear(input)
    await user.type(input, '5')
    await user.click(screen.getByRole('button', { name: 'Save limit' }))
    await waitFor(() => expect(bodies).toEqual([{ max_downloads: 5 }]))
    await screen.findByText('The download limit was saved.')
  })

  it('turns burning on at once with PATCH {burn_after_download: true}', async () => {
    const bodies = stubPatch()
    const { user } = renderWithApp(<TransferDownloadLimitPanel transfer={transfer} />)
    await user.click(screen.getByRole('switch', { name: /^Delete after every recipient has downloaded/ }))
    await waitFor(() => expect(bodies).toEqual([{ burn_after_download: true }]))
  })

  it('only says so once the limit was reached, in Spanish too', () => {
    renderWithApp(
      <TransferDownloadLimitPanel transfer={{ ...transfer, download_count: 3, download_limit_reached: true }} />,
      { language: 'es' },
    )
    expect(screen.getByTestId('download-limit-count').textContent).toBe('3 de 3 descargas usadas')
    expect(screen.getByTestId('download-limit-reached').textContent).toContain('Se alcanzó el límite de descargas')
    expect(screen.queryByRole('switch')).toBeNull()
  })
})
