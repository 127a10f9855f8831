import { createServer, type Server } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClamdClient, parseClamdUrl, ScannerUnavailableError, verdictOf } from './clamd-client.js'
import { eicar, requireClamdOrSkip, startTestClamd, type TestClamd } from './testing/clamd-test-kit.js'

describe('parseClamdUrl', () => {
  it('reads tcp and unix addresses', () => {
    expect(parseClamdUrl('tcp://127.0.0.1:3310')).toEqual({ host: '127.0.0.1', port: 3310 })
    expect(parseClamdUrl('unix:/run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' })
    expect(parseClamdUrl('unix:///run/clamd.sock')).toEqual({ path: '/run/clamd.sock' })
    expect(() => parseClamdUrl('http://x:1')).toThrow(/tcp:\/\/host:port/)
    expect(() => parseClamdUrl('unix:relative')).toThrow(/absolute/)
  })
})

describe('verdictOf', () => {
  it("reads clamd's three answers, and refuses anything else", () => {
    expect(verdictOf('stream: OK\0')).toEqual({ kind: 'clean' })
    expect(verdictOf('stream: Eicar-Test-Signature FOUND\0')).toEqual({
      kind: 'infected',
      signature: 'Eicar-Test-Signature',
    })
    expect(verdictOf('INSTREAM size limit exceeded. ERROR\0')).toEqual({ kind: 'too-large' })
    expect(() => verdictOf('stream: lstat() failed. ERROR\0')).toThrow(ScannerUnavailableError)
    expect(() => verdictOf('')).toThrow(ScannerUnavailableError)
  })
})

/** A fake clamd that records the INSTREAM framing it receives and answers OK. */
function framingServer(received: Buffer[]): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer((socket) => {
      const parts: Buffer[] = []
      socket.on('data', (d) => {
        parts.push(d)
        const all = Buffer.concat(parts)
        if (all.length >= 4 && all.subarray(-4).equals(Buffer.alloc(4))) {
          received.push(all)
          socket.end('stream: OK\0')
        }
      })
    })
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 })
    })
  })
}

describe('createClamdClient', () => {
  it('frames the stream as INSTREAM chunks of at most 64 KiB ended by a zero length', async () => {
    const received: Buffer[] = []
    const { server, port } = await framingServer(received)
    try {
      const body = Buffer.alloc(150_000, 7)
      const verdict = await createClamdClient({ host: '127.0.0.1', port }).scan(Readable.from([body]))
      expect(verdict).toEqual({ kind: 'clean' })
      const wire = received[0] as Buffer
      expect(wire.subarray(0, 10).toString()).toBe('zINSTREAM\0')
      let offset = 10
      const sizes: number[] = []
      const payload: Buffer[] = []
      for (;;) {
        const size = wire.readUInt32BE(offset)
        offset += 4
        if (size === 0) break
        sizes.push(size)
        payload.push(wire.subarray(offset, offset + size))
        offset += size
      }
      expect(offset).toBe(wire.length)
      expect(sizes).toEqual([65_536, 65_536, 150_000 - 131_072])
      expect(Buffer.concat(payload).equals(body)).toBe(true)
    } finally {
      server.close()
    }
  })

  it('says the scanner is unavailable when nothing listens', async () => {
    const client = createClamdClient({ path: '/tmp/ferry-no-clamd-here.sock' })
    await expect(client.scan(Readable.from([Buffer.from('x')]))).rejects.toThrow(ScannerUnavailableError)
  })
})

const withClamd = requireClamdOrSkip()

describe.runIf(withClamd)("against Debian's clamd", () => {
  let clamd: TestClamd
  beforeAll(async () => {
    clamd = await startTestClamd({ streamMaxLength: '1M' })
  }, 90_000)
  afterAll(async () => {
    await clamd?.dispose()
  })

  it('finds EICAR, passes clean bytes, and calls a stream past StreamMaxLength too large', async () => {
    const client = createClamdClient(parseClamdUrl(clamd.url))
    expect(await client.scan(Readable.from([eicar]))).toEqual({
      kind: 'infected',
      signature: 'Eicar-Test-Signature.UNOFFICIAL',
    })
    expect(await client.scan(Readable.from([Buffer.from('hello, clean world\n')]))).toEqual({ kind: 'clean' })
    const big = Readable.from(
      (function* () {
        for (let i = 0; i < 40; i++) yield Buffer.alloc(64 * 1024, i)
      })(),
    )
    expect(await client.scan(big)).toEqual({ kind: 'too-large' })
  })
})
