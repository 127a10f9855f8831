import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import type { TransferFormFiles, TransferFormLimits } from '../form-types.js'
import { useTransferForm } from '../hooks/use-transfer-form.js'
import { RecipientsField } from './recipients-field.js'

const files: TransferFormFiles = {
  items: [],
  totalBytes: 0,
  progress: 0,
  allDone: false,
  isUploading: false,
  isPaused: false,
  errorCount: 0,
  completed: [],
  clear: vi.fn(),
  resumeAll: vi.fn(),
}
const plan = (maxRecipients: number): TransferFormLimits => ({
  maxTransferBytes: null,
  maxRecipients,
  maxExpiryHours: null,
  planRole: maxRecipients > 1 ? 'PREMIUM' : 'FREE',
})

/** The field with the form state the Send tab gives it. */
function Field({ maxRecipients }: { maxRecipients: number }) {
  const limits = plan(maxRecipients)
  const form = useTransferForm({ files, limits, isAuthenticated: true, onLogin: () => {} })
  return <RecipientsField form={form} maxRecipients={limits.maxRecipients} />
}

const chips = () => screen.queryAllByTestId('recipient-chip').map((chip) => chip.textContent)
const counter = () => screen.getByTestId('recipient-counter').textContent

describe('RecipientsField', () => {
  it('is a single email field on a plan of one recipient', async () => {
    const { user } = renderWithApp(<Field maxRecipients={1} />)
    const field = screen.getByRole('textbox', { name: 'Recipient email' }) as HTMLInputElement
    expect(field.placeholder).toBe('name@example.com')
    await user.type(field, 'a@x.co, b@x.co')
    // One address only: no chips, no counter; the text stays as typed (sending names the problem).
    expect(field.value).toBe('a@x.co, b@x.co')
    expect(chips()).toEqual([])
    expect(screen.queryByTestId('recipient-counter')).toBeNull()
  })

  it('turns addresses into chips on a separator, Enter or paste, counting against the plan', async () => {
    const { user } = renderWithApp(<Field maxRecipients={5} />)
    const input = screen.getByRole('textbox', { name: 'Add a recipient email' }) as HTMLInputElement
    expect(input.placeholder).toBe('Type an email, then press Enter')
    expect(counter()).toBe('0 of 5 recipients')

    await user.type(input, 'Ann@X.co,')
    expect(chips()).toEqual(['ann@x.co'])
    await user.type(input, 'b@x.co{Enter}')
    await user.paste('c@x.co; d@x.co')
    expect(chips()).toEqual(['ann@x.co', 'b@x.co', 'c@x.co', 'd@x.co'])
    expect(input.value).toBe('')
    expect(counter()).toBe('4 of 5 recipients')
  })

  it("refuses addresses past the plan's limit and keeps them in the input", async () => {
    const { user } = renderWithApp(<Field maxRecipients={2} />)
    const input = screen.getByRole('textbox', { name: 'Add a recipient email' }) as HTMLInputElement
    await user.click(input)
    await user.paste('a@x.co b@x.co c@x.co')
    expect(chips()).toEqual(['a@x.co', 'b@x.co'])
    expect(input.value).toBe('c@x.co')
    expect(counter()).toBe('2 of 2 recipients')
    expect(screen.getByText('Maximum 2 recipients allowed')).toBeTruthy()
  })

  it('names an invalid address and a duplicate', async () => {
    const { user } = renderWithApp(<Field maxRecipients={5} />)
    const input = screen.getByRole('textbox', { name: 'Add a recipient email' }) as HTMLInputElement
    await user.click(input)
    await user.paste('a@x.co nope')
    expect(screen.getByText('Invalid email: nope')).toBeTruthy()
    expect(input.value).toBe('nope')

    await user.clear(input)
    await user.paste('a@x.co')
    expect(screen.getByText('Already added: a@x.co')).toBeTruthy()
    expect(chips()).toEqual(['a@x.co'])
  })

  it('asks for an address when Enter is pressed on an empty field', async () => {
    const { user } = renderWithApp(<Field maxRecipients={5} />)
    await user.type(screen.getByRole('textbox', { name: 'Add a recipient email' }), '{Enter}')
    expect(screen.getByText('Please enter an email address')).toBeTruthy()
  })

  it("removes a chip with its button or the last one with Backspace, clearing the limit's message", async () => {
    const { user } = renderWithApp(<Field maxRecipients={3} />)
    const input = screen.getByRole('textbox', { name: 'Add a recipient email' })
    await user.click(input)
    await user.paste('a@x.co b@x.co c@x.co d@x.co')
    expect(screen.getByText('Maximum 3 recipients allowed')).toBeTruthy()

    // Mantine hides the chip's remove button from assistive technology (Backspace does the same).
    await user.click(screen.getByLabelText('Remove b@x.co'))
    expect(chips()).toEqual(['a@x.co', 'c@x.co'])
    expect(screen.queryByText('Maximum 3 recipients allowed')).toBeNull()
    expect(counter()).toBe('2 of 3 recipients')

    await user.clear(input)
    await user.type(input, '{Backspace}')
    expect(chips()).toEqual(['a@x.co'])
  })

  it('turns chips back into text when the plan drops to one recipient', async () => {
    const { user, rerender } = renderWithApp(<Field maxRecipients={5} />)
    await user.click(screen.getByRole('textbox', { name: 'Add a recipient email' }))
    await user.paste('a@x.co b@x.co')
    rerender(<Field maxRecipients={1} />)
    expect((screen.getByRole('textbox', { name: 'Recipient email' }) as HTMLInputElement).value).toBe('a@x.co, b@x.co')
  })

  it('speaks Spanish: label, counter and the limit', async () => {
    const { user } = renderWithApp(<Field maxRecipients={2} />, { language: 'es' })
    const input = screen.getByRole('textbox', { name: 'Añadir el correo de un destinatario' })
    expect(screen.getByText('Separa las direcciones con una coma, un espacio o Intro')).toBeTruthy()
    await user.click(input)
    await user.paste('a@x.co b@x.co c@x.co')
    expect(counter()).toBe('2 de 2 destinatarios')
    expect(screen.getByText('Se permiten como máximo 2 destinatarios')).toBeTruthy()
    expect(screen.getByLabelText('Quitar a@x.co')).toBeTruthy()
  })
})
