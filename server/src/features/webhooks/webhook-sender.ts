import http from 'node:http'
import https from 'node:https'
import { guardedLookup, literalHostRefused, PrivateAddressError } from './webhook-address.js'

export interface WebhookRequest {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  allowPrivate: boolean
}

/** What one try gave: the receiver's status, or why none came. */
export interface WebhookTry {
  statusCode: number | null
  durationMs: number
  error: string | null
}

/** A 2xx answer is a delivery; anything else (3xx included: redirects are never followed) is a failure. */
export const isDelivered = (result: WebhookTry) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300

/**
 * POSTs one delivery. Never follows a redirect (Node's http does not), resolves the host at
 * connection time and refuses private addresses (webhook-address.ts), and gives up after
 * `timeoutMs` in all (connect, headers). The answer's body is not read: only its status counts.
 */
export function sendWebhook(request: WebhookRequest): Promise<WebhookTry> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const url = new URL(request.url)
  if (literalHostRefused(url, request.allowPrivate)) {
    return Promise.resolve({ statusCode: null, durationMs: 0, error: new PrivateAddressError(url.hostname).message })
  }
  const transport = url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    let settled = false
    const finish = (result: WebhookTry) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const req = transport.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(request.allowPrivate),
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': 'Ferry-Webhooks/1',
        },
      },
      (res) => {
        finish({ statusCode: res.statusCode ?? null, durationMs: elapsed(), error: null })
        res.destroy()
      },
    )
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${request.timeoutMs} ms`))
    }, request.timeoutMs)
    req.on('error', (error: NodeJS.ErrnoException) => {
      const reason =
        error instanceof PrivateAddressError
          ? error.message
          : error.code
            ? `${error.code}: ${error.message}`
            : error.message
      finish({ statusCode: null, durationMs: elapsed(), error: reason.slice(0, 300) })
    })
    req.end(request.body)
  })
}
