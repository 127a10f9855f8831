import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { WebhooksCard } from './webhooks-card.js'

const endpoint = {
  id: '6f1c1d9e-8f3a-4c55-9d53-4f2b8c1e7a10',
  url: 'https://hooks.example.com/ferry',
  description: 'Archive',
  events: ['transfer.created'],
  enabled: true,
  created_at: '2026-11-20T00:00:00Z',
  previous_secret_expires_at: null,
}
const secret = `whsec_${'A'.repeat(43)}=`

afterEach(() => vi.unstubAllGlobals())

/** A fetch that answers the list, a create, and a delivery log, recording each call. */
function stubApi(listed: unknown[] = []) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/api/webhooks') && init?.method === 'POST')
      return Response.json({ ...endpoint, secret }, { status: 201 })
    if (url.endsWith('/deliveries')) {
      return Response.json({
        attempts: [
          {
            delivery_id: `msg_${'b'.repeat(32)}`,
            event_type: 'transfer.created',
            delivery_state: 'delivered',
            attempt: 1,
            at: '2026-11-20T10:00:00Z',
            status_code: 204,
            duration_ms: 12,
            error: null,
          },
        ],
      })
    }
    return Response.json({ endpoints: listed })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('WebhooksCard', () => {
  it('adds an endpoint with the chosen events and shows its secret once', async () => {
    const fetch = stubApi()
    const { user } = renderWithApp(<WebhooksCard />)
    expect(await screen.findByText('You have no webhook endpoints.')).toBeTruthy()
    await user.type(screen.getByLabelText(/^Endpoint URL/), 'https://hooks.example.com/ferry')
    await user.click(screen.getByRole('checkbox', { name: /^A transfer was downloaded/ }))
    await user.click(screen.getByRole('checkbox', { name: /^Files arrived on a request link/ }))
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    await waitFor(() => expect(screen.getByTestId('webhook-secret-value')).toBeTruthy())
    expect((screen.getByTestId('webhook-secret-value') as HTMLInputElement).value).toBe(secret)
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      url: 'https://hooks.example.com/ferry',
      description: '',
      events: ['transfer.created', 'request.uploaded'],
    })
  })

  it('shows an endpoint and its delivery log with Send again, in Spanish', async () => {
    stubApi([endpoint])
    const { user } = renderWithApp(<WebhooksCard />, { language: 'es' })
    expect(await screen.findByText('https://hooks.example.com/ferry')).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Activado' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Registro de entregas' }))
    expect(await screen.findAllByText('Entregada')).not.toHaveLength(0)
    expect(screen.getAllByRole('button', { name: 'Enviar de nuevo' })).not.toHaveLength(0)
  })
})
