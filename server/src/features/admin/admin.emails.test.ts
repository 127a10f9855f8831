import { describe, expect, it } from 'vitest'
import { accountCreatedEmail } from './admin.emails.js'

const mail = {
  to: 'noah@example.com',
  name: 'Noah <i>New</i>',
  link: 'https://ferry.example/set-password?token=abc',
  expiresAt: new Date('2026-11-28T10:00:00Z'),
}

describe('accountCreatedEmail', () => {
  it('invites a new account in English', () => {
    const sent = accountCreatedEmail({ ...mail, reason: 'created' }, 'en')
    expect(sent.subject).toBe('Your Ferry account: choose a password')
    expect(sent.text).toContain('Hello Noah <i>New</i>,')
    expect(sent.text).toContain('Choose your password:\nhttps://ferry.example/set-password?token=abc')
    expect(sent.text).toContain('expires on November 28, 2026 at 10:00 AM UTC')
  })

  it('tells an existing account in Spanish that an administrator sent a new link', () => {
    const sent = accountCreatedEmail({ ...mail, reason: 'new-link' }, 'es')
    expect(sent.subject).toBe('Ferry: elige una contraseña nueva')
    expect(sent.text).toContain('Un administrador te ha enviado un enlace')
    expect(sent.text).toContain('Tu contraseña actual sigue funcionando')
    expect(sent.html).toContain('Hola, Noah &lt;i&gt;New&lt;/i&gt;:')
  })
})
