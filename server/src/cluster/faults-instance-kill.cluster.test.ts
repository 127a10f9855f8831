import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, callUntilUp, registerConfirmed, servedBy } from './harness/cluster-client.js'
import { type Caller, partsOf, putTo, uploadCall } from './harness/cluster-uploads.js'

const MiB = 1024 * 1024
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/**
 * PUTs the first MiB of `body`, waits for `afterFirstMiB`, then sends the rest; resolves with the
 * status, or 0 when the connection broke.
 */
function interruptedPut(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  afterFirstMiB: () => Promise<void>,
) {
  return new Promise<number>((resolve) => {
    const request = http.request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(body.length) } })
    request.on('response', (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on('error', () => resolve(0))
    // The first MiB is flushed before the rest waits, so the instance is receiving the part.
    request.write(body.subarray(0, MiB), () => {
      void afterFirstMiB().finally(() => {
        if (!request.destroyed) request.end(body.subarray(MiB))
      })
    })
  })
}

/** Sign part `n` and PUT it, retrying while the proxy still routes to the dead instance. */
function sendPartRetrying(caller: Caller, ref: { key: string; uploadId: string }, n: number, body: Buffer) {
  return vi.waitFor(
    async () => {
      const signed = await callUntilUp(() =>
        callJson<{ url: string; headers: Record<string, string> }>(caller.api, 'POST', '/api/multipart/sign-part', {
          token: caller.token,
          body: { ...ref, partNumber: n },
        }),
      )
      expect(signed.status).toBe(200)
      const put = await putTo(signed.body.url, body, signed.body.headers).catch(() => ({ status: 0, etag: null }))
      expect(put.status, `part ${n}`).toBe(200)
      return put.etag!
    },
    { timeout: 20_000, interval: 250 },
  )
}

describe('an instance killed (SIGKILL) in the middle of a multipart upload', () => {
  let cluster: Cluster

  beforeAll(async () => {
    // Local storage on a shared data folder: the parts themselves go through the instances.
    cluster = await startCluster({ instances: 3, storage: 'local' })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  it('lets the client resume through another instance; the file arrives intact', async () => {
    const email = `kill-${randomBytes(4).toString('hex')}@example.com`
    const registered = await registerConfirmed<{ access_token: string }>(cluster, {
      body: { email, password: 'kill test password 1', name: 'Kim' },
    })
    expect(registered.status).toBe(201)
    const caller = { api: cluster.api, token: registered.body.access_token }
    const file = randomBytes(12 * MiB)
    const bodies = partsOf(file, 5 * MiB)
    const { body: ref } = await uploadCall<{ key: string; uploadId: string }>(caller, 'multipartCreate', {
      filename: 'survivor.bin',
      content_type: 'application/octet-stream',
      file_size: file.length,
      part_size: 5 * MiB,
    })
    const etag1 = await sendPartRetrying(caller, ref, 1, bodies[0]!)

    // The instance receiving part 2 is killed once the first MiB of it is in.
    const { body: signed } = await uploadCall<{ url: string; headers: Record<string, string> }>(
      caller,
      'multipartSignPart',
      { ...ref, partNumber: 2 },
    )
    const signedPath = new URL(signed.url).pathname
    let receiver: string | undefined
    const unsubscribe = cluster.proxy.onRoute((method, url, target) => {
      if (method === 'PUT' && url.startsWith(signedPath)) receiver = target
    })
    let killed: Promise<void> | undefined
    const killReceiver = async () => {
      await vi.waitFor(() => expect(receiver, 'the instance the proxy routed the part to').toBeDefined(), {
        timeout: 5000,
        interval: 10,
      })
      await cluster.instances.find((i) => i.url === receiver)!.kill()
    }
    const status = await interruptedPut(signed.url, bodies[1]!, signed.headers, () => {
      killed = killReceiver()
      return killed
    })
    unsubscribe()
    await killed
    expect(status).not.toBe(200)

    // Resume as Uppy does: list what arrived, send the rest, complete.
    const listed = await callUntilUp(() =>
      callJson<{ parts: { PartNumber: number; ETag: string; Size: number }[] }>(
        cluster.api,
        'POST',
        '/api/multipart/list-parts',
        { token: caller.token, body: ref },
      ),
    )
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    expect(listed.body.parts.map((p) => p.PartNumber)).toEqual([1])
    const etag2 = await sendPartRetrying(caller, ref, 2, bodies[1]!)
    const etag3 = await sendPartRetrying(caller, ref, 3, bodies[2]!)
    const completed = await callUntilUp(() =>
      callJson(cluster.api, 'POST', '/api/multipart/complete', {
        token: caller.token,
        body: {
          ...ref,
          parts: [
            { PartNumber: 1, ETag: etag1 },
            { PartNumber: 2, ETag: etag2 },
            { PartNumber: 3, ETag: etag3 },
          ],
        },
      }),
    )
    expect(completed.status, JSON.stringify(completed.body)).toBe(200)

    const transfer = await callUntilUp(() =>
      callJson<{ unique_id: string }>(cluster.api, 'POST', '/api/transfers', {
        token: caller.token,
        body: {
          files: [{ file_key: ref.key, file_name: 'survivor.bin', file_size: file.length }],
          recipient_emails: ['rae@example.com'],
        },
      }),
    )
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(201)
    const share = await callUntilUp(() =>
      callJson<{ transfer: { files: { file_key: string }[] } }>(
        cluster.api,
        'GET',
        `/api/share/${transfer.body.unique_id}`,
      ),
    )
    const key = share.body.transfer.files[0]!.file_key
    let downloaded: Response | undefined
    for (let attempt = 0; attempt < 10 && downloaded?.status !== 200; attempt++) {
      downloaded = await cluster.api(`/share/${transfer.body.unique_id}/download?file_key=${encodeURIComponent(key)}`)
    }
    expect(downloaded!.status).toBe(200)
    expect(sha256(Buffer.from(await downloaded!.arrayBuffer()))).toBe(sha256(file))

    // The killed instance comes back and the proxy sends it requests again.
    const victim = cluster.instances.find((i) => i.url === receiver)!
    await victim.start()
    await vi.waitFor(async () => expect(servedBy(await cluster.api('/healthz'))).toBe(victim.id), {
      timeout: 20_000,
      interval: 100,
    })
  })
})
