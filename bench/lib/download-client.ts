import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import http from 'node:http'

const curlPath = ['/usr/bin/curl', '/bin/curl'].find((p) => existsSync(p))
export const curlAvailable = curlPath !== undefined

/** What one download took: its status, the bytes received and (when asked for) their SHA-256. */
export interface DownloadResult {
  status: number
  bytes: number
  seconds: number
  contentLength: number
  sha256?: string
}

/** GETs `url` and consumes the body as fast as it comes, hashing it only when `hash` is set. */
export function download(url: string, options: { hash?: boolean } = {}): Promise<DownloadResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const request = http.get(url, { agent: false }, (response) => {
      const hash = options.hash ? createHash('sha256') : undefined
      let bytes = 0
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        hash?.update(chunk)
      })
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          bytes,
          seconds: (performance.now() - started) / 1000,
          contentLength: Number(response.headers['content-length'] ?? -1),
          sha256: hash?.digest('hex'),
        }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

/**
 * The same with curl (its body to /dev/null, no hash), a client that costs the machine less than
 * Node. `insecure` accepts a self-signed certificate (a benchmark's own TLS proxy).
 */
export function downloadWithCurl(url: string, options: { insecure?: boolean } = {}): Promise<DownloadResult> {
  return new Promise((resolve, reject) => {
    execFile(
      curlPath ?? 'curl',
      [
        '-sS',
        ...(options.insecure ? ['-k'] : []),
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{size_download} %{time_total} %header{content-length}',
        url,
      ],
      (error, stdout) => {
        if (error) return reject(error)
        const [status, bytes, seconds, contentLength] = stdout.trim().split(' ').map(Number)
        resolve({ status: status!, bytes: bytes!, seconds: seconds!, contentLength: contentLength ?? -1 })
      },
    )
  })
}
