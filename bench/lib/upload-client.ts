import { createReadStream } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { MultipartCreateResponse, SignPartsResponse } from '@ferry/contracts/api/uploads'
import { createPartSigner, partsPerSigning } from '@ferry/contracts/domain/part-signer'
import { uploadsApi } from '@ferry/contracts/routes/uploads'
import { readOutbox } from '../../server/src/testing/mail-reader.js'

const MiB = 1024 * 1024
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 })

/**
 * Streams bytes `start..end` (inclusive) of `file` as the body of a PUT to `url`; the status and
 * ETag. A kept-alive socket the server closed as it was taken (its idle timeout) fails with
 * ECONNRESET before anything was answered: that PUT is sent again on a new socket, as Node's
 * documentation advises (`request.reusedSocket`).
 */
export async function putFile(
  url: string,
  file: string,
  range: { start: number; end: number },
  headers: Record<string, string> = {},
): Promise<{ status: number; etag?: string }> {
  try {
    return await putFileOnce(url, file, range, headers)
  } catch (error) {
    if ((error as { reusedSocket?: boolean }).reusedSocket) return putFileOnce(url, file, range, headers)
    throw error
  }
}

function putFileOnce(
  url: string,
  file: string,
  range: { start: number; end: number },
  headers: Record<string, string>,
): Promise<{ status: number; etag?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'PUT', agent, headers: { ...headers, 'content-length': String(range.end - range.start + 1) } },
      (response) => {
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? 0, etag: response.headers.etag }))
        response.on('error', reject)
      },
    )
    let answered = false
    request.on('response', () => {
      answered = true
    })
    const fail = (error: NodeJS.ErrnoException) =>
      reject(
        !answered && request.reusedSocket && error.code === 'ECONNRESET'
          ? Object.assign(error, { reusedSocket: true })
          : error,
      )
    request.on('error', fail)
    pipeline(createReadStream(file, { ...range, highWaterMark: MiB }), request).catch(fail)
  })
}

/**
 * `concurrency` workers PUT parts of `partSize` to the URL `urlOf` gives each part, as the
 * browser does; the ETags by part. Ferry's multipart and its ceiling (the same parts to a bare
 * server) both go through here, so they differ only in what answers.
 */
async function putParts(
  file: string,
  size: number,
  partSize: number,
  concurrency: number,
  urlOf: (partNumber: number, count: number) => Promise<{ url: string; headers: Record<string, string> }>,
) {
  const count = Math.ceil(size / partSize)
  const parts: { PartNumber: number; ETag: string }[] = new Array(count)
  let next = 0
  async function worker() {
    while (next < count) {
      const index = next++
      const { url, headers } = await urlOf(index + 1, count)
      const start = index * partSize
      const end = Math.min(size, start + partSize) - 1
      const put = await putFile(url, file, { start, end }, headers)
      if (put.status !== 200 || !put.etag) throw new Error(`Part ${index + 1} answered ${put.status}`)
      parts[index] = { PartNumber: index + 1, ETag: put.etag }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  return parts
}

/** The multipart ceiling: the same parallel part PUTs to a bare server at `url`, no API around them. */
export async function putPartsBare(url: string, file: string, size: number, partSize: number, concurrency: number) {
  await putParts(file, size, partSize, concurrency, async () => ({ url, headers: {} }))
}

/** A signed-in client of Ferry's upload endpoints. */
export function createUploadClient(origin: string, token: string) {
  async function post<T>(pathname: string, body: unknown): Promise<T> {
    const response = await fetch(`${origin}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    const json = await response.json()
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${JSON.stringify(json)}`)
    return json as T
  }

  const target = (size: number) => ({
    filename: 'bench.bin',
    content_type: 'application/octet-stream',
    file_size: size,
  })

  return {
    post,

    /** Presign, then one PUT of the whole file; the key. */
    async single(file: string, size: number): Promise<string> {
      const { url, file_key, headers } = await post<{ url: string; file_key: string; headers: Record<string, string> }>(
        uploadsApi.presign.path,
        target(size),
      )
      const put = await putFile(url, file, { start: 0, end: size - 1 }, headers)
      if (put.status !== 200) throw new Error(`The PUT answered ${put.status}`)
      return file_key
    },

    /**
     * Create, `concurrency` parts in flight, complete: the key, and the time each part waited for
     * its URL (the first parts' signed by create, the rest ahead in batches, as the web and CLI
     * do: contracts/src/domain/part-signer.ts).
     */
    async multipart(file: string, size: number, partSize: number, concurrency: number) {
      const {
        key,
        uploadId,
        parts: first,
      } = await post<MultipartCreateResponse>(uploadsApi.multipartCreate.path, {
        ...target(size),
        part_size: partSize,
      })
      const signer = createPartSigner((ref) =>
        post<SignPartsResponse>(uploadsApi.multipartSignParts.path, ref).then((answer) => answer.parts),
      )
      signer.seed({ key, uploadId }, first)
      const signMs: number[] = []
      const parts = await putParts(file, size, partSize, concurrency, async (partNumber, count) => {
        const signing = performance.now()
        const signed = await signer.sign({ key, uploadId }, partNumber, count)
        signMs.push(performance.now() - signing)
        return signed
      })
      await post(uploadsApi.multipartComplete.path, { key, uploadId, parts })
      return { key, signMs }
    },

    /** `count` sign-parts calls of `partsPerSigning` parts, one after another on an idle server; their latencies (ms). */
    async signPartsLatencies(count: number, options: { abort: boolean }): Promise<number[]> {
      // Declared big enough for every part number signed (parts are signed for their share of it),
      // small enough to fit beside the uploads the rounds left unsent.
      const parts = 1000
      const { key, uploadId } = await post<{ key: string; uploadId: string }>(uploadsApi.multipartCreate.path, {
        ...target(parts * 5 * MiB),
        part_size: 5 * MiB,
      })
      const latencies: number[] = []
      for (let i = 0; i < count; i++) {
        const first = ((i * partsPerSigning) % (parts - partsPerSigning)) + 1
        const partNumbers = Array.from({ length: partsPerSigning }, (_, n) => first + n)
        const started = performance.now()
        await post(uploadsApi.multipartSignParts.path, { key, uploadId, partNumbers })
        latencies.push(performance.now() - started)
      }
      if (options.abort) await post(uploadsApi.multipartAbort.path, { key, uploadId })
      return latencies
    },
  }
}

export type UploadClient = ReturnType<typeof createUploadClient>

/**
 * Registers a fresh account on `origin` and confirms its address with the code the server wrote
 * to its outbox (`dataDir`/mail), since only confirmed accounts send transfers; then confirms the
 * session as a sender with the code the Free plan asks for (product.md, verified senders). Its
 * bearer token.
 */
export async function registerBenchUser(origin: string, dataDir: string): Promise<string> {
  return (await registerBenchAccount(origin, dataDir)).token
}

const postTo = (origin: string) => (pathname: string, body: unknown, token?: string) =>
  fetch(`${origin}${pathname}`, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`)
}

/** The sender confirmation of `token` (a session or an API key) with the code the outbox receives. */
async function confirmSender(origin: string, dataDir: string, email: string, token: string) {
  const post = postTo(origin)
  const pick = (m: { subject: string }) => /: (\d{6})$/.exec(m.subject)?.[1]
  // A code sent earlier (to the account's session) must not be taken for the one asked now.
  const earlier = (await codesInOutbox(dataDir, email, pick)).length
  await expectStatus(await post('/api/sender-confirmation/code', undefined, token), 204, 'Asking a sender code')
  const senderCode = await codeFromOutbox(dataDir, email, pick, earlier)
  await expectStatus(await post('/api/sender-confirmation', { code: senderCode }, token), 204, 'Confirming the sender')
}

/**
 * As registerBenchUser: the bearer token and the account's address. With `confirmSender: false`
 * the session is not confirmed as a sender (presigned uploads need no confirmation; a code may be
 * asked once a minute, so one for an API key would otherwise wait).
 */
export async function registerBenchAccount(
  origin: string,
  dataDir: string,
  options: { confirmSender?: boolean } = {},
): Promise<{ token: string; email: string; userId: string }> {
  const email = `bench-${Date.now()}@example.com`
  const post = postTo(origin)
  const response = await post('/auth/register', { email, password: 'bench password 123', name: 'Bench' })
  await expectStatus(response, 201, 'Register')
  const { access_token: token, user } = (await response.json()) as { access_token: string; user: { id: string } }
  const emailCode = await codeFromOutbox(dataDir, email, (m) => /\b(\d{6})\b/.exec(m.text)?.[1])
  await expectStatus(await post('/auth/confirm-email', { email, code: emailCode }), 204, 'Confirming the address')
  if (options.confirmSender ?? true) await confirmSender(origin, dataDir, email, token)
  return { token, email, userId: user.id }
}

/** Buys `planId` (monthly) for the account through the built-in test checkout, as the browser would. */
export async function buyBenchPlan(origin: string, account: { token: string; userId: string }, planId: string) {
  const post = postTo(origin)
  const session = await post(
    '/api/checkout/session',
    {
      user_id: account.userId,
      plan_id: planId,
      interval: 'monthly',
      success_url: '/upgrade/success',
      cancel_url: '/upgrade',
    },
    account.token,
  )
  await expectStatus(session, 200, 'Opening a test checkout')
  const { session_id } = (await session.json()) as { session_id: string }
  const done = await post(`/api/checkout/test/${encodeURIComponent(session_id)}/complete`, undefined, account.token)
  await expectStatus(done, 200, 'Completing the test checkout')
}

/**
 * An API key of `account` made through POST /api/keys with `scopes`; a key is confirmed as a
 * sender on its own (README, Scripting with API keys), so this confirms it too. The key.
 */
export async function createBenchApiKey(
  origin: string,
  dataDir: string,
  account: { token: string; email: string },
  scopes: string[] = ['transfers:write'],
): Promise<string> {
  const response = await postTo(origin)('/api/keys', { name: 'bench', scopes }, account.token)
  await expectStatus(response, 201, 'Making an API key')
  const { key } = (await response.json()) as { key: string }
  await confirmSender(origin, dataDir, account.email, key)
  return key
}

type PickCode = (mail: { text: string; subject: string }) => string | undefined

/** The codes `pick` finds in the emails to `email`, oldest first. */
async function codesInOutbox(dataDir: string, email: string, pick: PickCode): Promise<string[]> {
  const mails = (await readOutbox(path.join(dataDir, 'mail'))).filter((m) => m.to.includes(email))
  return mails.map(pick).filter((found) => found !== undefined)
}

/** The code `pick` finds in the newest email to `email` that has one, once there are more than `earlier`; polls while the server writes it. */
async function codeFromOutbox(dataDir: string, email: string, pick: PickCode, earlier = 0): Promise<string> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const codes = await codesInOutbox(dataDir, email, pick)
    const code = codes.length > earlier ? codes.at(-1) : undefined
    if (code) return code
    if (Date.now() > deadline) throw new Error(`No code email for ${email} in ${dataDir}/mail`)
    // The email is written by the server in the background: look again shortly (a poll, not a pause).
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
