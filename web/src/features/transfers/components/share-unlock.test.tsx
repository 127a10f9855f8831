import { routePath } from '@ferry/contracts/routes/route'
import { shareApi } from '@ferry/contracts/routes/transfers'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { ShareUnlock } from './share-unlock.js'

const locked = { transfer: { title: 'Board pack' }, sender: { name: 'Sam Sender' } }
const refusal = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ShareUnlock', () => {
  it('shows the title and sender, sends the password in the body, and says when it is wrong', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      refusal(401, { detail: 'This password is not correct.', code: 'password_incorrect' }),
    )
    vi.stubGlobal('fetch', fetch)
    const { user } = renderWithApp(<ShareUnlock uniqueId="abc123abc123abc123" locked={locked} />)
    expect(screen.getByRole('heading', { name: 'Board pack' })).toBeTruthy()
    expect(screen.getByText('Sent by Sam Sender')).toBeTruthy()

    await user.click(screen.getByLabelText('Password'))
    await user.paste('guess one')
    await user.click(screen.getByRole('button', { name: 'Unlock' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password is not correct. Please check it and try again.',
    )
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe(routePath(shareApi.unlock, { uniqueId: 'abc123abc123abc123' }))
    expect(url).not.toContain('guess')
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'guess one' })
  })

  it('says how long to wait after too many wrong tries, in Spanish too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        refusal(
          429,
          { detail: 'Too many attempts.', code: 'rate_limited', retry_after_seconds: 600 },
          { 'retry-after': '600' },
        ),
      ),
    )
    const { user } = renderWithApp(<ShareUnlock uniqueId="abc123abc123abc123" locked={locked} />, {
      language: 'es',
    })
    expect(screen.getByText('Enviado por Sam Sender')).toBeTruthy()
    await user.click(screen.getByLabelText('Contraseña'))
    await user.paste('otra')
    await user.click(screen.getByRole('button', { name: 'Desbloquear' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Demasiadas contraseñas incorrectas. Espera 10 minutos e inténtalo de nuevo.',
    )
  })
})
