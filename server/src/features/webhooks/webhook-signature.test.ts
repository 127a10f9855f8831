import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { createSecretBox } from './webhook-secret-box.js'
import { newDeliveryId, newWebhookSecret, signWebhook, webhookHeaders } from './webhook-signature.js'

describe('webhook signatures (Standard Webhooks)', () => {
  it('makes the signature the reference implementation makes', () => {
    const secret = newWebhookSecret()
    const id = newDeliveryId()
    const at = new Date('2026-11-26T10:00:00Z')
    const body = '{"type":"transfer.created","data":{"id":"x"}}'
    expect(signWebhook(secret, id, at.getTime() / 1000, body)).toBe(new Webhook(secret).sign(id, at, body))
  })

  it('signs with every secret given, space-separated, each verifiable alone', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()]
    const now = Math.floor(Date.now() / 1000)
    const headers = webhookHeaders([a, b], newDeliveryId(), now, '{}')
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2)
    expect(() => new Webhook(a).verify('{}', headers)).not.toThrow()
    expect(() => new Webhook(b).verify('{}', headers)).not.toThrow()
    expect(() => new Webhook(newWebhookSecret()).verify('{}', headers)).toThrow()
  })

  it('seals secrets so only the same master secret opens them, and detects tampering', () => {
    const box = createSecretBox('master')
    const secret = newWebhookSecret()
    const sealed = box.seal(secret)
    expect(sealed).not.toContain(secret.slice(6))
    expect(box.open(sealed)).toBe(secret)
    expect(() => createSecretBox('other').open(sealed)).toThrow()
    const parts = sealed.split('.')
    parts[3] = `A${parts[3]!.slice(1)}` === parts[3] ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`
    expect(() => box.open(parts.join('.'))).toThrow()
  })
})
