import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { JoinInvitationView } from './join-invitation-view.js'

afterEach(() => vi.unstubAllGlobals())

const preview = { organization_name: 'Acme', email: 'mia@acme.test', role: 'billing', inviter_name: 'Olga' }

function stubApi(answers: { inspect?: Response; accept?: Response }) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.endsWith('/inspect')) return answers.inspect ?? Response.json(preview)
    if (url.endsWith('/accept'))
      return answers.accept ?? Response.json({ organization_id: '0c5b3f0e-6a57-4d43-9f0b-1f6a1a2b3c4d' })
    return new Response(null, { status: 404 })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const props = { loginTo: '/login?next=x', registerTo: '/register?next=x', organizationTo: '/organization' }

describe('JoinInvitationView', () => {
  it('says who invites to what, and offers sign-in and sign-up to a visitor', async () => {
    const fetch = stubApi({})
    renderWithApp(<JoinInvitationView token="tok" signedInEmail={null} {...props} />)
    expect(await screen.findByText('Olga invited you to join Acme as Billing.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=x')
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register?next=x')
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull()
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ token: 'tok' })
  })

  it('accepts for a signed-in reader, and explains an email mismatch in Spanish', async () => {
    const mismatch = Response.json(
      { detail: 'This invitation is for another address.', code: 'invitation_email_mismatch' },
      { status: 403 },
    )
    const fetch = stubApi({ accept: mismatch })
    const onJoined = vi.fn()
    const { user } = renderWithApp(
      <JoinInvitationView token="tok" signedInEmail="other@x.test" onJoined={onJoined} {...props} />,
      { language: 'es' },
    )
    await user.click(await screen.findByRole('button', { name: 'Aceptar invitación' }))
    expect(
      await screen.findByText(
        'Esta invitación se envió a otra dirección de correo. Inicia sesión con esa dirección para aceptarla.',
      ),
    ).toBeTruthy()
    expect(onJoined).not.toHaveBeenCalled()
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/accept'))).toBe(true)
  })

  it('tells an expired invitation, and a link without a token, apart', async () => {
    stubApi({ inspect: Response.json({ detail: 'Expired', code: 'invitation_expired' }, { status: 410 }) })
    const { unmount } = renderWithApp(<JoinInvitationView token="tok" signedInEmail={null} {...props} />)
    expect(await screen.findByText('This invitation has expired. Ask the organization for a new one.')).toBeTruthy()
    unmount()
    renderWithApp(<JoinInvitationView token="" signedInEmail={null} {...props} />)
    expect(screen.getByTestId('join-missing-token')).toBeTruthy()
  })

  it('calls onJoined once accepted', async () => {
    stubApi({})
    const onJoined = vi.fn()
    const { user } = renderWithApp(
      <JoinInvitationView token="tok" signedInEmail="mia@acme.test" onJoined={onJoined} {...props} />,
    )
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    await waitFor(() => expect(onJoined).toHaveBeenCalled())
  })
})
