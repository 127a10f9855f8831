import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPrivateAddress } from './webhook-address.js'
import { sendWebhook } from './webhook-sender.js'

describe('webhook addresses', () => {
  it('tells private, loopback, link-local and reserved addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true)
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false)
    }
  })
})

describe('sending a webhook', () => {
  let server: http.Server
  let port: number
  const hits: string[] = []
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '')
      if (req.url === '/redirect') res.writeHead(302, { location: 'http://169.254.169.254/' }).end()
      else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 2_000)
      else res.writeHead(200).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  const send = (path: string, allowPrivate: boolean, host = '127.0.0.1', timeoutMs = 5_000) =>
    sendWebhook({ url: `http://${host}:${port}${path}`, headers: {}, body: '{}', timeoutMs, allowPrivate })

  it('refuses a private address at delivery time, by IP or by a name that resolves to one, without connecting', async () => {
    hits.length = 0
    for (const host of ['127.0.0.1', 'localhost']) {
      const result = await send('/ok', false, host)
      expect(result.statusCode, host).toBeNull()
      expect(result.error, host).toMatch(/private address/)
    }
    expect(hits).toEqual([])
    expect((await send('/ok', true)).statusCode).toBe(200)
  })

  it('never follows a redirect: a 302 is a failed try', async () => {
    const result = await send('/redirect', true)
    expect(result.statusCode).toBe(302)
    expect(hits.filter((h) => h === '/redirect')).toHaveLength(1)
  })

  it('gives up after its time limit', async () => {
    const result = await send('/slow', true, '127.0.0.1', 200)
    expect(result.statusCode).toBeNull()
    expect(result.error).toMatch(/200 ms/)
  })
})
