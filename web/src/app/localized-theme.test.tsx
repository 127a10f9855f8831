import { Alert } from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithApp } from '../testing/render.js'
import { LocalizedTheme } from './localized-theme.js'

describe('LocalizedTheme', () => {
  afterEach(() => act(() => notifications.clean()))

  it('names every notification’s close button in the interface language', async () => {
    renderWithApp(
      <LocalizedTheme>
        <Notifications />
      </LocalizedTheme>,
    )
    act(() => notifications.show({ message: 'Code copied' }))
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy()
  })

  it('names a closable alert’s close button, in Spanish too', () => {
    renderWithApp(
      <LocalizedTheme>
        <Alert withCloseButton>Suscripción creada</Alert>
      </LocalizedTheme>,
      { language: 'es' },
    )
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy()
  })
})
