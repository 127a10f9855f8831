import type { Deps } from '../../../deps.js'
import { AppError } from '../../../errors.js'
import { loadOrCreateSecret } from '../../../secrets/secrets.js'
import type { TransferRow } from '../transfer-rows.js'
import { createGrantSigner, type GrantKind, type GrantSigner, proofOf } from './access-grant.js'

/** How long a grant lasts (never past the transfer's expiry): a recipient unlocks once a day at most. */
export const grantLifetimeSeconds = 24 * 60 * 60

/** One thing that keeps a transfer's bytes shut, and the grant kind that opens it. */
export interface AccessLock {
  kind: GrantKind
  /** What a grant for this lock must carry (see GrantClaims.proof). */
  proof: string
  /** The 401 code that tells the caller how to open it. */
  code: 'password_required'
}

/** Who asks for a transfer's bytes (or its share record). */
export interface AccessClaim {
  /**
   * The sender themself: signed in as the owner, or holding a download link the server signed for
   * them. Senders need no grant.
   */
  isSender: boolean
  /** Grant tokens the request carried (the grant cookie, the X-Ferry-Grant header). */
  grants: readonly string[]
}

export type AccessVerdict = { open: true } | { open: false; lock: AccessLock }

/** The locks of a transfer, from its row: none when anyone with the link may download. */
export function locksOf(transfer: Pick<TransferRow, 'passwordHash'>): AccessLock[] {
  const locks: AccessLock[] = []
  if (transfer.passwordHash) {
    locks.push({ kind: 'password', proof: proofOf(transfer.passwordHash), code: 'password_required' })
  }
  return locks
}

/**
 * The access grant block (docs/architecture.md §7): the one place that decides whether a request
 * may read a transfer's bytes. Every byte path (the share record, a file, the ZIP, ranges, HEAD,
 * the sender's links, redirects to the store) asks `require` before anything is read or signed.
 */
export function createTransferAccess(deps: Pick<Deps, 'database' | 'clock'>) {
  let signer: Promise<GrantSigner> | undefined
  const getSigner = () => {
    signer ??= loadOrCreateSecret(deps.database.db, 'access-grant')
      .then(createGrantSigner)
      .catch((error) => {
        signer = undefined // a database hiccup must not stick
        throw error
      })
    return signer
  }

  async function verdict(transfer: TransferRow, claim: AccessClaim): Promise<AccessVerdict> {
    const locks = locksOf(transfer)
    if (locks.length === 0 || claim.isSender) return { open: true }
    const now = deps.clock.now().getTime()
    const signed = await getSigner()
    const held = claim.grants.flatMap((token) => {
      const claims = signed.read(token, now)
      return claims && claims.transferId === transfer.id ? [claims] : []
    })
    // Every lock must be opened by a grant of its kind carrying its current proof.
    const shut = locks.find((lock) => !held.some((g) => g.kind === lock.kind && g.proof === lock.proof))
    return shut ? { open: false, lock: shut } : { open: true }
  }

  return {
    verdict,

    /** Throws 401 with the lock's code (password_required) unless the claim opens every lock. */
    async require(transfer: TransferRow, claim: AccessClaim): Promise<void> {
      const result = await verdict(transfer, claim)
      if (!result.open) throw new AppError(result.lock.code, 401)
    },

    /** A grant of `kind` for the transfer's current lock of that kind; null when it has none. */
    async issue(transfer: TransferRow, kind: GrantKind): Promise<{ token: string; expiresAt: Date } | null> {
      const lock = locksOf(transfer).find((l) => l.kind === kind)
      if (!lock) return null
      const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000)
      const exp = Math.min(nowSeconds + grantLifetimeSeconds, Math.ceil(transfer.expiresAt.getTime() / 1000))
      const token = (await getSigner()).issue({ kind, transferId: transfer.id, proof: lock.proof, exp })
      return { token, expiresAt: new Date(exp * 1000) }
    },
  }
}

export type TransferAccess = ReturnType<typeof createTransferAccess>
