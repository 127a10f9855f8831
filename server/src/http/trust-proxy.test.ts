import os from 'node:os'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { buildTestApp, type TestApp } from '../testing/test-app.js'

// Security review M-6: by default only a proxy on this machine may tell Ferry the client's
// address and scheme. A client on the private network that reaches Ferry directly cannot pick
// its "address" (for the rate limits) or claim https.

/** An address of this machine's own on a private or unique-local network, if it has one. */
function privateAddress(): string | undefined {
  const privateRange = /^(10\.|172\.(1[6-9]|2\d|3[01])\.|192\.168\.|f[cd][0-9a-f]{2}:)/i
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (!entry.internal && privateRange.test(entry.address)) return entry.address
    }
  }
  return undefined
}

const lanAddress = privateAddress()
const origin = (address: string, port: string) =>
  address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`

function whoAmIRoute(app: FastifyInstance) {
  app.get('/api/probe/whoami', { config: { access: 'public' } }, async (request) => ({
    ip: request.ip,
    protocol: request.protocol,
  }))
}

const forged = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' }

it('defaults TRUST_PROXY to loopback only', () => {
  expect(loadConfig({}).trustProxy).toBe('loopback')
  expect(loadConfig({ TRUST_PROXY: '10.0.0.5,fd00::/8' }).trustProxy).toBe('10.0.0.5,fd00::/8')
})

describe.skipIf(!lanAddress)(`a client reaching Ferry directly from the private network (${lanAddress})`, () => {
  let byDefault: TestApp
  let behindLanProxy: TestApp
  const fromLan = (t: TestApp) =>
    fetch(`http://${origin(lanAddress!, new URL(t.url).port)}/api/probe/whoami`, { headers: forged }).then((r) =>
      r.json(),
    )

  beforeAll(async () => {
    byDefault = await buildTestApp({ host: '::', beforeListen: whoAmIRoute })
    behindLanProxy = await buildTestApp({
      host: '::',
      env: { TRUST_PROXY: lanAddress! },
      beforeListen: whoAmIRoute,
    })
  })
  afterAll(async () => {
    await Promise.all([byDefault?.close(), behindLanProxy?.close()])
  })

  it('cannot forge its address or claim https', async () => {
    expect(await fromLan(byDefault)).toEqual({ ip: lanAddress, protocol: 'http' })
  })

  it('is believed when TRUST_PROXY names it (a proxy on another host)', async () => {
    expect(await fromLan(behindLanProxy)).toEqual({ ip: '203.0.113.7', protocol: 'https' })
  })

  it('still lets a proxy on this machine (loopback) forward the address', async () => {
    const res = await byDefault.api('/api/probe/whoami', { headers: forged })
    expect(await res.json()).toEqual({ ip: '203.0.113.7', protocol: 'https' })
  })
})
