import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.js'

describe('payments configuration (product.md §6)', () => {
  it('uses Stripe only with both keys, else the test checkout', () => {
    expect(loadConfig({}).stripe).toBeUndefined()
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:1' })
        .stripe,
    ).toEqual({ secretKey: 'sk_x', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:1' })
  })

  it('refuses one key without the other', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_x' })).toThrow(ConfigError)
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(ConfigError)
  })
})
