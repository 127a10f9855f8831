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
    const count = 3 * partsPerSigning
    signer.seed(
      ref,
      Array.from({ length: partsPerSigning }, (_, i) => ({
        partNumber: i + 1,
        url: `/blobs/k1?part=${i + 1}&create`,
        headers: {},
      })),
    )
    expect((await signer.sign(ref, 1, count)).url).toBe('/blobs/k1?part=1&create')
    expect((await signer.sign(ref, 2, count)).url).toBe('/blobs/k1?part=2&create')
    expect(calls).toHaveLength(0)
    // A seeded part asked again (a retry) is signed afresh, with the parts after it not kept.
    const retry = signer.sign(ref, 1, count)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.partNumbers.slice(0, 3)).toEqual([1, 2, partsPerSigning + 1])
    calls[0]!.resolve()
    expect((await retry).url).toBe('/blobs/k1?part=1&call=0')
  })

  it('asks for the next batch while the parts signed ahead are still being used', async () => {
    const { signParts, calls } = fakeSignParts()
    const signer = createPartSigner(signParts)
    const count = 2 * partsPerSigning + 5
    const first = signer.sign(ref, 1, count)
    calls[0]!.resolve()
    await first
    const ahead = partsPerSigning / 2
    // Handing out parts while at least `ahead` signed ones remain after them asks for nothing.
    for (let n = 2; n <= partsPerSigning - ahead; n++) await signer.sign(ref, n, count)
    expect(calls).toHaveLength(1)
    // One more, and the next batch goes out before any part needs it.
    await signer.sign(ref, partsPerSigning - ahead + 1, count)
    expect(calls.map((c) => c.partNumbers[0])).toEqual([1, partsPerSigning + 1])
    expect(calls[1]!.partNumbers).toHaveLength(partsPerSigning)
    calls[1]!.resolve()
    for (let n = partsPerSigning - ahead + 2; n <= 2 * partsPerSigning - ahead; n++) {
      const call = n <= partsPerSigning ? 0 : 1
      expect((await signer.sign(ref, n, count)).url).toBe(`/blobs/k1?part=${n}&call=${call}`)
    }
    expect(calls).toHaveLength(2)
    await signer.sign(ref, 2 * partsPerSigning - ahead + 1, count)
    // The last batch holds only what is left, never a part past the end.
    expect(calls[2]!.partNumbers).toEqual([1, 2, 3, 4, 5].map((n) => 2 * partsPerSigning + n))
  })
})
