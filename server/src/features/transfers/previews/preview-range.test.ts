import { request } from 'node:http'
import { expect, it } from 'vitest'
import { forEachStack, type TestApp } from '../../../testing/test-app.js'
import { as, ok } from '../../uploads/testing/uploads-test-kit.js'
import { postTransfer, signUp } from '../testing/transfers-test-kit.js'
import { getPath, shareFiles } from './testing/previews-test-kit.js'

// Issue 19, done when: a Range request of 1,000 bytes in the middle of a 1 GiB video answers 206
// with exactly those bytes. The video is generated as it is uploaded (never whole in memory):
// every 8 bytes hold their own offset, so the bytes of any range are known without keeping them,
// and its first box says MP4, so it is detected as video/mp4 from its content.

const GiB = 1024 * 1024 * 1024
const chunkBytes = 4 * 1024 * 1024
const ftyp = Buffer.from('00000018667479706d70343200000000' + '6d703432' + '69736f6d', 'hex')

/** The bytes from `start` (a multiple of 8) of the generated video, `length` long (a multiple of 8). */
function patternAt(start: number, length: number): Buffer {
  const bytes = Buffer.alloc(length)
  // Offsets stay under 2^32: the low word little-endian, the high word 0 (as the 64-bit value). Fast
  // enough to make a GiB in a second or two (BigInt writes took a minute).
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, length / 4)
  for (let word = 0; word < words.length; word += 2) words[word] = start + word * 4
  if (start < ftyp.length) ftyp.copy(bytes, 0, start, Math.min(ftyp.length, start + length))
  return bytes
}

/** PUTs the generated video to a signed URL, a chunk at a time, with its exact Content-Length (S3 needs it). */
function putGenerated(url: string, size: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(size) } }, (res) => {
      res.resume()
      res.once('end', () => resolve(res.statusCode ?? 0))
    })
    req.once('error', reject)
    let sent = 0
    const writeMore = () => {
      while (sent < size) {
        const chunk = patternAt(sent, Math.min(chunkBytes, size - sent))
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', writeMore)
      }
      req.end()
    }
    writeMore()
  })
}

await forEachStack((getApp) => {
  it('answers a 1,000-byte Range in the middle of a 1 GiB video with 206 and exactly those bytes', async () => {
    const app: TestApp = getApp()
    const sender = await signUp(app, 'PREMIUM')
    const headers = as(sender.token)
    const presigned = await ok<{ url: string; file_key: string; headers: Record<string, string> }>(
      app.api,
      'presign',
      { filename: 'big.mp4', content_type: 'video/mp4', file_size: GiB },
      headers,
    )
    expect(await putGenerated(presigned.url, GiB, presigned.headers)).toBe(200)
    const sent = await postTransfer(app, sender.token, {
      files: [{ file_key: presigned.file_key, file_name: 'big.mp4', file_size: GiB }],
      recipient_emails: ['rita@example.com'],
      title: 'A long film',
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const [file] = await shareFiles(app, sent.body.unique_id as string)
    expect(file).toMatchObject({ preview_kind: 'video', file_size: GiB })

    const start = GiB / 2 + 4_096
    const ranged = await getPath(app, file!.preview_url!, { range: `bytes=${start}-${start + 999}` })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes ${start}-${start + 999}/${GiB}`)
    expect(ranged.headers.get('content-length')).toBe('1000')
    expect(ranged.headers.get('content-type')).toBe('video/mp4')
    expect(ranged.headers.get('x-content-type-options')).toBe('nosniff')
    const got = Buffer.from(await ranged.arrayBuffer())
    expect(got.equals(patternAt(start, 1000 + 8).subarray(0, 1000))).toBe(true)
  }, 240_000)
})
