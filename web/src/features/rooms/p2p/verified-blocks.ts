/**
 * The receiver's resume bookkeeping: which of the file's blocks it holds whose digest matches
 * the one the sender announced for that block (`block` control messages). After a dropped
 * connection it resumes from `verified()`, the length of the run of verified blocks from the
 * start: blocks after a gap, or not yet confirmed, are received again.
 */
export interface VerifiedBlocks {
  /** The digest of block `index` as this side stored it; the index of a block that differs, or null. */
  mine(index: number, digest: string): number | null
  /** The digest the sender announced for block `index`; the index of a block that differs, or null. */
  theirs(index: number, digest: string): number | null
  /** How many blocks from the start are stored and verified. */
  verified(): number
  /** Forgets what this side stored from block `from` on (they will come again). */
  truncate(from: number): void
}

export function createVerifiedBlocks(): VerifiedBlocks {
  const stored = new Map<number, string>()
  const announced = new Map<number, string>()
  let run = 0
  const check = (index: number): number | null => {
    const a = stored.get(index)
    const b = announced.get(index)
    if (a !== undefined && b !== undefined && a !== b) return index
    while (stored.has(run) && stored.get(run) === announced.get(run)) run++
    return null
  }
  return {
    mine(index, digest) {
      stored.set(index, digest)
      return check(index)
    },
    theirs(index, digest) {
      announced.set(index, digest)
      return check(index)
    },
    verified: () => run,
    truncate(from) {
      for (const index of stored.keys()) if (index >= from) stored.delete(index)
      run = Math.min(run, from)
    },
  }
}
