import http from 'node:http'
import type { TestApp } from '../../../testing/test-app.js'

/** An HTTP answer read in full. */
export interface HostAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

/**
 * A request to the test server as a browser would send it for `host` (a custom domain pointed at
 * Ferry): the same server, with that Host header. (fetch cannot set Host, so node:http does.)
 */
export function requestAsHost(
  app: TestApp,
  host: string,
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HostAnswer> {
  const url = new URL(pathname, app.url)
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: { ...init.headers, host } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(init.body)
  })
}
