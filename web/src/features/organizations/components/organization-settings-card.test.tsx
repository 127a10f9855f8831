import type { Organization } from '@ferry/contracts/api/organizations'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { OrganizationSettingsCard } from './organization-settings-card.js'

const organization: Organization = {
  id: '0c5b3f0e-6a57-4d43-9f0b-1f6a1a2b3c4d',
  name: 'Acme',
  plan: { id: 'enterprise', name: 'Enterprise' },
  my_role: 'admin',
  seats: 3,
  billing_email: 'billing@acme.test',
  created_at: '2026-12-01T10:00:00Z',
}

describe('OrganizationSettingsCard', () => {
  it('leads to the branding and custom-domain pages', async () => {
    renderWithApp(<OrganizationSettingsCard organization={organization} />)
    expect(await screen.findByRole('heading', { name: 'How Acme looks to recipients' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Branding' }).getAttribute('href')).toBe('/organization/branding')
    expect(screen.getByRole('link', { name: 'Custom domains' }).getAttribute('href')).toBe('/organization/domains')
    expect(screen.getByRole('link', { name: 'Single sign-on' }).getAttribute('href')).toBe('/organization/sso')
  })

  it('speaks Spanish', async () => {
    renderWithApp(<OrganizationSettingsCard organization={organization} />, { language: 'es' })
    expect(await screen.findByRole('heading', { name: 'Cómo ven Acme los destinatarios' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Dominios propios' })).toBeTruthy()
  })
})
