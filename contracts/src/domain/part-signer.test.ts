import { describe, expect, it } from 'vitest'
import type { SignedPart } from '../api/uploads.js'
import { createPartSigner, partsPerSigning } from './part-signer.js'

const ref = { uploadId: 'u1', key: 'k1' }

/** A sign-parts stand-in that records each call and answers when told to. */
function fakeSignParts() {
  const calls: { partNumbers: number[]; resolve(): void; reject(error: Error): void }[] = []
  const signParts = (asked: { uploadId: string; key: string; partNumbers: number[] }) =>
    new Promise<SignedPart[]>((resolve, reject) => {
      const parts = asked.partNumbers.map((n) => ({
        partNumber: n,
        url: `/blobs/${asked.key}?part=${n}&call=${calls.length}`,
        headers: {},
      }))
      calls.push({ partNumbers: asked.partNumbers, resolve: () => resolve(parts), reject })
    })
  return { signParts, calls }
}

describe('createPartSigner', () => {
  it('signs the parts asked while a batch is out with that one batch', async () => {
    const { signParts, calls } = fakeSignParts()
    const signer = createPartSigner(signParts)
    const asked = [1, 2, 3, 4, 5, 6].map((n) => signer.sign(ref, n, 40))
    expect(calls.map((c) => c.partNumbers)).toEqual([Array.from({ length: partsPerSigning }, (_, i) => i + 1)])
    calls[0]!.resolve()
    expect((await Promise.all(asked)).map((p) => p.url)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `/blobs/k1?part=${n}&call=0`),
    )
  })

  it('never asks past the last part, and signs a retried part afresh', async () => {
    const { signParts, calls } = fakeSignParts()
    const signer = createPartSigner(signParts)
    const first = signer.sign(ref, 2, 3)
    expect(calls[0]!.partNumbers).toEqual([2, 3])
    calls[0]!.resolve()
    await first
    const retry = signer.sign(ref, 2, 3)
    expect(calls[1]!.partNumbers).toEqual([2])
    calls[1]!.resolve()
    expect((await retry).url).toBe('/blobs/k1?part=2&call=1')
  })

  it('forgets a failed batch: the parts it held are signed again when asked', async () => {
    const { signParts, calls } = fakeSignParts()
    const signer = createPartSigner(signParts)
    const one = signer.sign(ref, 1, 2)
    calls[0]!.reject(new Error('Busy'))
    await expect(one).rejects.toThrow('Busy')
    const two = signer.sign(ref, 2, 2)
    expect(calls[1]!.partNumbers).toEqual([2])
    calls[1]!.resolve()
    expect((await two).url).toBe('/blobs/k1?part=2&call=1')
  })

  it('lets one part stop waiting without failing the batch the others wait for', async () => {
    const { signParts, calls } = fakeSignParts()
    const signer = createPartSigner(signParts)
    const abort = new AbortController()
    const one = signer.sign(ref, 1, 2, abort.signal)
    const two = signer.sign(ref, 2, 2)
    abort.abort(new Error('cancelled'))
    await expect(one).rejects.toThrow('cancelled')
    calls[0]!.resolve()
    expect((await two).partNumber).toBe(2)
    expect(calls).toHaveLength(1)
  })

  it('signs again a URL kept past its freshness', async () => {
    const { signParts, calls } = fakeSignParts()
    let clock = 0
    const signer = createPartSigner(signParts, () => clock)
    const one = signer.sign(ref, 1, 2)
    calls[0]!.resolve()
    await one
    clock += 21 * 60 * 1000
    const two = signer.sign(ref, 2, 2)
    expect(calls.map((c) => c.partNumbers)).toEqual([[1, 2], [2]])
    calls[1]!.resolve()
    expect((await two).url).toBe('/blobs/k1?part=2&call=1')
  })

  it('hands out the URLs seeded from multipart/create without a call, then signs the rest in batches', async () => {
    const { signParts, calls } = fakeSignParts()
    const signer = createPartSigner(signParts)
    signer.seed(
      ref,
      [1, 2].map((n) => ({ partNumber: n, url: `/blobs/k1?part=${n}&create`, headers: {} })),
    )
    expect((await signer.sign(ref, 1, 4)).url).toBe('/blobs/k1?part=1&create')
    expect((await signer.sign(ref, 2, 4)).url).toBe('/blobs/k1?part=2&create')
    expect(calls).toHaveLength(0)
    const three = signer.sign(ref, 3, 4)
    expect(calls.map((c) => c.partNumbers)).toEqual([[3, 4]])
    calls[0]!.resolve()
    expect((await three).url).toBe('/blobs/k1?part=3&call=0')
    // A seeded part asked again (a retry) is signed afresh, with the parts after it not kept.
    const retry = signer.sign(ref, 1, 4)
    expect(calls[1]!.partNumbers).toEqual([1, 2, 3])
    calls[1]!.resolve()
    expect((await retry).url).toBe('/blobs/k1?part=1&call=1')
  })
})
