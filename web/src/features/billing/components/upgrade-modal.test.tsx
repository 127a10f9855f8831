import type { Plan } from '@ferry/contracts/api/plans'
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { UpgradeModal, type UpgradeModalProps } from './upgrade-modal.js'

// Only what the dialog reads of a plan; the rest of the row does not matter here.
const pro = { id: 'pro', name: 'Pro', price_monthly: 9.99, price_yearly: 99.99 } as Plan

function renderModal(props: Partial<UpgradeModalProps> = {}, language: 'en' | 'es' = 'en') {
  const handlers = { onClose: vi.fn(), onContinue: vi.fn(), onDismissError: vi.fn() }
  const view = renderWithApp(
    <UpgradeModal
      plan={pro}
      interval="monthly"
      initialReferralCode=""
      pending={false}
      error={null}
      {...handlers}
      {...props}
    />,
    { language },
  )
  return { ...view, ...handlers, dialog: screen.getByRole('dialog') }
}

describe('UpgradeModal (the billing upgrade dialog)', () => {
  it('names the plan and its monthly price', () => {
    const { dialog } = renderModal()
    expect(within(dialog).getByText('Upgrade to Pro')).toBeTruthy()
    expect(screen.getByTestId('upgrade-modal-plan').textContent).toBe('Pro')
    expect(screen.getByTestId('upgrade-modal-price').textContent).toBe('€9.99 / monthBilled monthly')
  })

  it('shows the yearly price when yearly billing was chosen', () => {
    renderModal({ interval: 'yearly' })
    expect(screen.getByTestId('upgrade-modal-price').textContent).toBe('€99.99 / yearBilled yearly')
  })

  it('falls back to the monthly price for a plan not sold yearly', () => {
    renderModal({ plan: { ...pro, price_yearly: null }, interval: 'yearly' })
    expect(screen.getByTestId('upgrade-modal-price').textContent).toBe('€9.99 / monthBilled monthly')
  })

  it('starts the referral field from the sign-up link and continues with what was typed', async () => {
    const { user, onContinue } = renderModal({ initialReferralCode: 'FRIEND42' })
    const field = screen.getByRole('textbox', { name: 'Referral code (optional)' }) as HTMLInputElement
    expect(field.value).toBe('FRIEND42')
    expect(screen.getByText('Get 30 days free with a valid referral code')).toBeTruthy()

    await user.clear(field)
    await user.type(field, 'ABCD1234')
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }))
    expect(onContinue).toHaveBeenCalledExactlyOnceWith('ABCD1234')
  })

  it('submits on Enter in the referral field, an empty code included', async () => {
    const { user, onContinue } = renderModal()
    await user.type(screen.getByRole('textbox', { name: 'Referral code (optional)' }), '{Enter}')
    expect(onContinue).toHaveBeenCalledExactlyOnceWith('')
  })

  it('cancels with the Cancel button and the close button', async () => {
    const { user, onClose } = renderModal()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('shows a checkout error that can be dismissed', async () => {
    const { user, onDismissError } = renderModal({ error: 'The card provider is not reachable.' })
    const alert = screen.getByTestId('checkout-error')
    expect(within(alert).getByText('The card provider is not reachable.')).toBeTruthy()
    await user.click(within(alert).getByRole('button'))
    expect(onDismissError).toHaveBeenCalledOnce()
  })

  it('locks the form while the checkout is being prepared', () => {
    renderModal({ pending: true })
    expect((screen.getByRole('textbox', { name: 'Referral code (optional)' }) as HTMLInputElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('is closed while no plan is chosen', () => {
    renderWithApp(
      <UpgradeModal
        plan={null}
        interval="monthly"
        initialReferralCode=""
        pending={false}
        error={null}
        onClose={vi.fn()}
        onContinue={vi.fn()}
        onDismissError={vi.fn()}
      />,
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('speaks Spanish: title, yearly price in euros and the referral field', async () => {
    const { dialog, user, onContinue } = renderModal({ interval: 'yearly', initialReferralCode: 'AMIGO' }, 'es')
    expect(within(dialog).getByText('Mejorar a Pro')).toBeTruthy()
    // es-ES puts the euro sign after the amount, with a no-break space.
    expect(screen.getByTestId('upgrade-modal-price').textContent).toBe('99,99\u00a0€ / añoFacturación anual')
    const field = screen.getByRole('textbox', { name: 'Código de referido (opcional)' }) as HTMLInputElement
    expect(field.value).toBe('AMIGO')
    await user.click(screen.getByRole('button', { name: 'Continuar al pago' }))
    expect(onContinue).toHaveBeenCalledExactlyOnceWith('AMIGO')
  })
})
