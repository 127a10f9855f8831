import { randomBytes } from 'node:crypto'
import { testCheckoutPageUrl } from '@ferry/contracts/api/billing'
import { AppError } from '../../errors.js'
import type { PaymentsAdapter } from './payments.js'

/**
 * The built-in test checkout (product.md §6): the session is Ferry's own and the browser goes to
 * its test-mode page, where the user completes or cancels; no card is charged.
 */
export function createTestPayments(): PaymentsAdapter {
  const notStripe = () => new AppError('not_found', 404, 'Card payments are not configured.')
  return {
    kind: 'test',
    async createCheckout() {
      const id = `cs_test_${randomBytes(24).toString('base64url')}`
      return { id, url: testCheckoutPageUrl(id) }
    },
    async retrieveSession() {
      throw notStripe()
    },
    parseWebhook() {
      throw notStripe()
    },
    async cancelAtPeriodEnd() {},
    async resume() {},
    async cancelNow() {},
    async endTrialNow() {},
    // The test checkout has no provider: the subscription's own quantity and amount are the record.
    async setQuantity() {},
  }
}
