import { notifications } from '@mantine/notifications'
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithApp } from '../testing/render.js'
import { LocalizedNotifications } from './localized-notifications.js'

describe('LocalizedNotifications', () => {
  afterEach(() => act(() => notifications.clean()))

  it('names every notification’s close button in the interface language', async () => {
    renderWithApp(<LocalizedNotifications />)
    act(() => notifications.show({ message: 'Code copied' }))
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy()
  })

  it('in Spanish', async () => {
    renderWithApp(<LocalizedNotifications />, { language: 'es' })
    act(() => notifications.show({ message: 'Código copiado' }))
    expect(await screen.findByRole('button', { name: 'Cerrar' })).toBeTruthy()
  })
})
