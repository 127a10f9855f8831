import type { Organization, OrganizationMember } from '@ferry/contracts/api/organizations'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { MembersTable } from './members-table.js'

const ids = {
  org: '0c5b3f0e-6a57-4d43-9f0b-1f6a1a2b3c4d',
  owner: '11111111-1111-4111-8111-111111111111',
  member: '22222222-2222-4222-8222-222222222222',
}
const organization = (myRole: Organization['my_role']): Organization => ({
  id: ids.org,
  name: 'Acme',
  plan: { id: 'business', name: 'Business' },
  my_role: myRole,
  seats: 2,
  billing_email: 'billing@acme.test',
  created_at: '2026-12-01T10:00:00Z',
})
const member = (usage: boolean): OrganizationMember[] => [
  {
    user_id: ids.owner,
    email: 'owner@acme.test',
    name: 'Olga Owner',
    role: 'owner',
    joined_at: '2026-12-01T10:00:00Z',
    usage: usage ? { transfers: 3, bytes_stored: 5 * 1024 * 1024, monthly_bytes: 2048 } : null,
  },
  {
    user_id: ids.member,
    email: 'mia@acme.test',
    name: 'Mia Member',
    role: 'member',
    joined_at: '2026-12-02T10:00:00Z',
    usage: usage ? { transfers: 12, bytes_stored: 1536, monthly_bytes: 3 * 1024 * 1024 * 1024 } : null,
  },
]

afterEach(() => vi.unstubAllGlobals())

function stubApi(members: OrganizationMember[]) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') return Response.json({ ...members[1], role: 'owner' })
    if (init?.method === 'DELETE') return new Response(null, { status: 204 })
    if (url.endsWith('/members')) return Response.json({ members })
    return Response.json({ organization: null })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('MembersTable', () => {
  it("shows the owner each member's usage in the app's sizes and hands ownership over only after confirming", async () => {
    const fetch = stubApi(member(true))
    const { user } = renderWithApp(<MembersTable organization={organization('owner')} myUserId={ids.owner} />)
    const row = (await screen.findByText('mia@acme.test')).closest('tr') as HTMLElement
    expect(within(row).getByText('12')).toBeTruthy()
    expect(within(row).getByText('1.5 KiB')).toBeTruthy()
    expect(within(row).getByText('3 GiB')).toBeTruthy()
    // The owner's own row has no select and no remove button.
    const ownerRow = screen.getByText('owner@acme.test').closest('tr') as HTMLElement
    expect(within(ownerRow).queryByRole('combobox')).toBeNull()
    expect(within(ownerRow).queryByRole('button')).toBeNull()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Mia Member' }), 'owner')
    expect(await screen.findByText('Hand the organization over?')).toBeTruthy()
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Make owner' }))
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true))
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!
    expect(patch[0]).toBe(`/api/organizations/${ids.org}/members/${ids.member}`)
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ role: 'owner' })
  })

  it('removes a member after confirming, in Spanish', async () => {
    const fetch = stubApi(member(true))
    const { user } = renderWithApp(<MembersTable organization={organization('admin')} myUserId={ids.owner} />, {
      language: 'es',
    })
    await user.click(await screen.findByRole('button', { name: 'Quitar a Mia Member' }))
    expect(await screen.findByText('¿Quitar a este miembro?')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Quitar miembro' }))
    await waitFor(() =>
      expect(fetch.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe(
        `/api/organizations/${ids.org}/members/${ids.member}`,
      ),
    )
  })

  it('shows a plain member names and roles, without usage, selects or remove buttons', async () => {
    stubApi(member(false))
    renderWithApp(<MembersTable organization={organization('member')} myUserId={ids.member} />)
    expect(await screen.findByText('mia@acme.test')).toBeTruthy()
    expect(screen.queryByText('Transfers')).toBeNull()
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull()
    expect(screen.getByText('Owner')).toBeTruthy()
  })
})
