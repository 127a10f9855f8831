import { routePath } from '@ferry/contracts/routes/route'
import { shareApi } from '@ferry/contracts/routes/transfers'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { ShareVerify } from './share-verify.js'

const uniqueId = 'abc123abc123abc123'
const locked = { transfer: { title: 'Board pack' }, sender: { name: 'Sam Sender' } }
const reply = (status: number, body?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(body ? JSON.stringify(body) : null, {
    status,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
  })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ShareVerify', () => {
  it('asks for the address, then the code (resend waits), and says when the code is wrong', async () => {
    const fetch = vi.fn(async (url: string, _init: RequestInit) =>
      url.endsWith('/confirm')
        ? reply(401, { detail: 'This code is not correct.', code: 'verification_code_incorrect' })
        : reply(202),
    )
    vi.stubGlobal('fetch', fetch)
    const { user } = renderWithApp(<ShareVerify uniqueId={uniqueId} locked={locked} />)
    expect(screen.getByRole('heading', { name: 'Board pack' })).toBeTruthy()
    expect(screen.getByText('Sent by Sam Sender')).toBeTruthy()

    await user.type(screen.getByLabelText('Your e-mail address'), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    expect(await screen.findByTestId('verify-sent')).toBeTruthy()
    const [askUrl, askInit] = fetch.mock.calls[0] ?? []
    expect(askUrl).toBe(routePath(shareApi.requestVerification, { uniqueId }))
    expect(JSON.parse(String(askInit?.body))).toEqual({ email: 'ana@example.com' })
    const resend = screen.getByTestId('verify-resend') as HTMLButtonElement
    expect(resend.disabled).toBe(true)
    expect(resend.textContent).toMatch(/^Send a new code in \d+ seconds$/)

    await user.type(screen.getByLabelText('6-digit code'), '12ab')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The code is the 6 digits from the e-mail.')
    expect(fetch).toHaveBeenCalledTimes(1)

    await user.clear(screen.getByLabelText('6-digit code'))
    await user.type(screen.getByLabelText('6-digit code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
    const [confirmUrl, confirmInit] = fetch.mock.calls[1] ?? []
    expect(confirmUrl).toBe(routePath(shareApi.confirmVerification, { uniqueId }))
    expect(JSON.parse(String(confirmInit?.body))).toEqual({ email: 'ana@example.com', code: '123456' })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This code is not correct or has expired. Check the latest e-mail from Ferry, or ask for a new code.',
    )
  })

  it('goes on to the code when one was emailed moments ago, in Spanish too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(
          429,
          {
            detail: 'A code was emailed less than a minute ago.',
            code: 'verification_code_too_soon',
            retry_after_seconds: 42,
          },
          { 'retry-after': '42' },
        ),
      ),
    )
    const { user } = renderWithApp(<ShareVerify uniqueId={uniqueId} locked={locked} />, { language: 'es' })
    expect(screen.getByText('Enviado por Sam Sender')).toBeTruthy()
    await user.type(screen.getByLabelText('Tu correo electrónico'), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Enviarme un código' }))
    expect(await screen.findByLabelText('Código de 6 dígitos')).toBeTruthy()
    expect(screen.getByTestId('verify-resend').textContent).toMatch(/^Enviar un código nuevo en \d+ segundos$/)
  })
})
