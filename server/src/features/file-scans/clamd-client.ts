import { connect, type Socket } from 'node:net'
import type { Readable } from 'node:stream'

/** What clamd said of a stream (docs/decisions/0039). */
export type ScanVerdict =
  | { kind: 'clean' }
  | { kind: 'infected'; signature: string }
  /** Past clamd's StreamMaxLength: clamd read only the start, so the file is not called clean. */
  | { kind: 'too-large' }

/** clamd could not be reached or answered something else than a verdict: worth another try later. */
export class ScannerUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ScannerUnavailableError'
  }
}

export interface ClamdAddress {
  /** tcp://host:port */
  host?: string
  port?: number
  /** unix:/path/to/clamd.ctl */
  path?: string
}

/** Parses CLAMAV_URL: `tcp://host:port` or `unix:/path` (also `unix:///path`). */
export function parseClamdUrl(url: string): ClamdAddress {
  const trimmed = url.trim()
  if (trimmed.startsWith('unix:')) {
    const path = trimmed.slice('unix:'.length).replace(/^\/\/(?=\/)/, '')
    if (!path.startsWith('/')) throw new Error(`CLAMAV_URL ${url}: a unix socket needs an absolute path`)
    return { path }
  }
  const parsed = new URL(trimmed)
  if (parsed.protocol !== 'tcp:' || !parsed.hostname || !parsed.port) {
    throw new Error(`CLAMAV_URL ${url}: use tcp://host:port or unix:/path`)
  }
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port) }
}

/** clamd's INSTREAM chunks; its StreamMaxLength counts the bytes, not the chunks. */
const chunkLimit = 64 * 1024

/**
 * Reads clamd's one-line answer to INSTREAM (the `z` form, ended by a NUL):
 * `stream: OK`, `stream: <signature> FOUND`, `INSTREAM size limit exceeded. ERROR`.
 */
export function verdictOf(reply: string): ScanVerdict {
  const line = reply.replace(/\0+$/, '').trim()
  if (/size limit exceeded/i.test(line)) return { kind: 'too-large' }
  if (line.endsWith(' FOUND')) {
    const signature = line
      .slice(0, -' FOUND'.length)
      .replace(/^stream:\s*/, '')
      .trim()
    return { kind: 'infected', signature: signature || 'unknown' }
  }
  if (/^stream:\s*OK$/.test(line)) return { kind: 'clean' }
  throw new ScannerUnavailableError(`clamd answered: ${line.slice(0, 200) || '(nothing)'}`)
}

/** Whether clamd answers PING with PONG. */
function ping(address: ClamdAddress, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = address.path
      ? connect({ path: address.path })
      : connect({ host: address.host ?? '127.0.0.1', port: address.port ?? 3310 })
    let reply = ''
    socket.setTimeout(timeoutMs, () => socket.destroy())
    socket.on('data', (d: Buffer) => {
      reply += d.toString('utf8')
    })
    socket.on('error', () => resolve(false))
    socket.on('close', () => resolve(reply.startsWith('PONG')))
    socket.on('connect', () => socket.end('zPING\0'))
  })
}

export interface ClamdClient {
  /** Streams the bytes to clamd (INSTREAM) and returns its verdict; ScannerUnavailableError when it cannot. */
  scan(source: Readable): Promise<ScanVerdict>
}

/**
 * A clamd client of the INSTREAM command only (docs/decisions/0039): `zINSTREAM\0`, then chunks each
 * prefixed by its length as a 4-byte big-endian integer, then a zero length; clamd answers one line
 * and closes. clamd may answer (size limit) and close before the stream ends, so writes stop at its
 * first byte of answer. Backpressure is kept on both sides: the file is never held in memory.
 */
export function createClamdClient(address: ClamdAddress, options: { timeoutMs?: number } = {}): ClamdClient {
  const timeoutMs = options.timeoutMs ?? 60_000
  return {
    scan(source) {
      return new Promise<ScanVerdict>((resolve, reject) => {
        const socket: Socket = address.path
          ? connect({ path: address.path })
          : connect({ host: address.host ?? '127.0.0.1', port: address.port ?? 3310 })
        let reply = ''
        let sent = 0
        let answered = false
        let settled = false
        const finish = (error: Error | undefined, verdict?: ScanVerdict) => {
          if (settled) return
          settled = true
          source.destroy()
          socket.destroy()
          if (error) reject(error)
          else resolve(verdict as ScanVerdict)
        }
        socket.setTimeout(timeoutMs, () =>
          finish(new ScannerUnavailableError(`clamd did not answer within ${timeoutMs} ms`)),
        )
        socket.on('error', (error) => {
          // A reset after clamd answered (it closes once it refused an oversized stream) is no failure.
          if (answered && reply.includes('\0')) return
          const code = (error as NodeJS.ErrnoException).code
          if (sent > 0 && (code === 'EPIPE' || code === 'ECONNRESET')) {
            // clamd closes mid-stream once past StreamMaxLength, and its answer can be lost in
            // the reset. If it still answers a PING it is up, so the stream was too large; if
            // not, it went down: retry later.
            settled = true
            source.destroy()
            socket.destroy()
            ping(address, timeoutMs).then(
              (up) =>
                up
                  ? resolve({ kind: 'too-large' })
                  : reject(new ScannerUnavailableError(`clamd: ${error.message}`, { cause: error })),
              reject,
            )
            return
          }
          finish(new ScannerUnavailableError(`clamd: ${error.message}`, { cause: error }))
        })
        socket.on('data', (data: Buffer) => {
          answered = true
          reply += data.toString('utf8')
          if (reply.includes('\0')) {
            try {
              finish(undefined, verdictOf(reply))
            } catch (error) {
              finish(error as Error)
            }
          }
        })
        socket.on('end', () => {
          if (settled) return
          try {
            finish(undefined, verdictOf(reply))
          } catch (error) {
            finish(error as Error)
          }
        })
        source.on('error', (error) => finish(error))

        socket.once('connect', async () => {
          try {
            socket.write('zINSTREAM\0')
            for await (const data of source) {
              if (answered) return
              const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array)
              for (let offset = 0; offset < buffer.length; offset += chunkLimit) {
                const chunk = buffer.subarray(offset, offset + chunkLimit)
                const length = Buffer.alloc(4)
                length.writeUInt32BE(chunk.length)
                socket.write(length)
                sent += chunk.length
                if (!socket.write(chunk)) {
                  await new Promise<void>((done) => {
                    const go = () => {
                      socket.off('drain', go)
                      socket.off('close', go)
                      done()
                    }
                    socket.on('drain', go)
                    socket.on('close', go)
                  })
                }
                if (answered || socket.destroyed) return
              }
            }
            if (!answered && !socket.destroyed) socket.write(Buffer.alloc(4))
          } catch (error) {
            finish(error instanceof Error ? error : new Error(String(error)))
          }
        })
      })
    },
  }
}
