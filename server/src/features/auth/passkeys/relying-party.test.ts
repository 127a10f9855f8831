import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { relyingPartyOf } from './relying-party.js'

const request = (host: string, protocol = 'http') => ({ host, protocol }) as FastifyRequest

describe('relyingPartyOf', () => {
  it('follows PUBLIC_URL when it names a domain', () => {
    const config = { publicUrl: 'https://files.example.com', publicUrlConfigured: true }
    expect(relyingPartyOf(request('evil.example:8080'), config)).toEqual({
      origin: 'https://files.example.com',
      rpID: 'files.example.com',
    })
  })

  it("follows the browser's origin without PUBLIC_URL (decision 0011)", () => {
    const config = { publicUrl: 'http://localhost:3000', publicUrlConfigured: false }
    expect(relyingPartyOf(request('ferry.lan:3000'), config)).toEqual({
      origin: 'http://ferry.lan:3000',
      rpID: 'ferry.lan',
    })
  })

  it("follows the browser's origin when PUBLIC_URL is an IP address, where browsers refuse passkeys", () => {
    for (const publicUrl of ['http://192.168.1.5:3000', 'http://[::1]:3000']) {
      expect(relyingPartyOf(request('localhost:3000'), { publicUrl, publicUrlConfigured: true })).toEqual({
        origin: 'http://localhost:3000',
        rpID: 'localhost',
      })
    }
  })
})
