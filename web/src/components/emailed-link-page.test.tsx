import { Button } from '@mantine/core'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../testing/render.js'
import { EmailedLinkPage } from './emailed-link-page.js'

const done = { title: 'All set', text: 'Your address changed.', action: <Button>Go on</Button>, testId: 'done' }

describe('EmailedLinkPage', () => {
  it('shows the step under the title until the link is used', () => {
    renderWithApp(
      <EmailedLinkPage title="Confirm" missingToken={null} done={null}>
        <Button>Use the link</Button>
      </EmailedLinkPage>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Use the link' })).toBeTruthy()
  })

  it('replaces the step with what happened and the way on', () => {
    renderWithApp(
      <EmailedLinkPage title="Confirm" missingToken={null} done={done}>
        <Button>Use the link</Button>
      </EmailedLinkPage>,
    )
    expect(screen.getByTestId('done').textContent).toContain('Your address changed.')
    expect(screen.getByRole('button', { name: 'Go on' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Use the link' })).toBeNull()
  })

  it('says the link is incomplete instead of offering a step that cannot work', () => {
    renderWithApp(
      <EmailedLinkPage title="Confirm" missingToken="This link is incomplete." done={null}>
        <Button>Use the link</Button>
      </EmailedLinkPage>,
    )
    expect(screen.getByText('This link is incomplete.')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
