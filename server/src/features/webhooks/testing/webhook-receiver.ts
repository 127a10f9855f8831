import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  headers: Record<string, string>
  body: string
  /** The status the receiver answered. */
  status: number
}

/**
 * A webhook receiver on 127.0.0.1 for tests: records every POST and answers `status` (503 while
 * a test keeps it "down").
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = []
  let status = 204
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8'), status })
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    setStatus(next: number) {
      status = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
