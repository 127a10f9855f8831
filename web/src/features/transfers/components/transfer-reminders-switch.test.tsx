import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { testTransfer } from '../../../testing/test-transfer.js'
import { TransferRemindersSwitch } from './transfer-reminders-switch.js'

const transfer = testTransfer({ title: 'Plans' })

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
