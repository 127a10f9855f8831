import type { Deps } from '../../../deps.js'
import { AppError } from '../../../errors.js'
import { loadOrCreateSecret } from '../../../secrets/secrets.js'
import type { TransferRecipientRow, TransferRow } from '../transfer-rows.js'
import { createGrantSigner, type GrantKind, type GrantSigner, proofOf } from './access-grant.js'

/** How long a grant lasts (never past the transfer's expiry): a recipient unlocks once a day at most. */
export const grantLifetimeSeconds = 24 * 60 * 60

/** One thing that keeps a transfer's bytes shut, and the grant kind that opens it. */
export interface AccessLock {
  kind: GrantKind
  /**
   * What a grant for this lock may carry (see GrantClaims.proof): the password's one proof, or one
   * proof per recipient still on the transfer.
   */
  proofs: readonly string[]
  /** The 401 code that tells the caller how to open it. */
  code: 'password_required' | 'verification_required'
}

/** The recipients the locks are computed with: their row id and address. */
export type LockRecipient = Pick<TransferRecipientRow, 'id' | 'email'>

/** A recipient's grant proof: bound to the row (removing the recipient, or re-adding them, voids it). */
export const recipientProof = (recipient: LockRecipient) => proofOf(`recipient\n${recipient.id}\n${recipient.email}`)

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

/**
 * Open (with the recipient a recipient grant proved, for exact tracking), or shut by a lock.
 */
export type AccessVerdict = { open: true; recipientId: string | null } | { open: false; lock: AccessLock }

/**
 * The locks of a transfer, from its row and its current recipients: none when anyone with the
 * link may download. A password and a recipients lock may both apply (both grants are needed).
 */
export function locksOf(
  transfer: Pick<TransferRow, 'passwordHash' | 'access'>,
  recipients: readonly LockRecipient[],
): AccessLock[] {
  const locks: AccessLock[] = []
  if (transfer.access === 'recipients') {
    locks.push({ kind: 'recipient', proofs: recipients.map(recipientProof), code: 'verification_required' })
  }
  if (transfer.passwordHash) {
    locks.push({ kind: 'password', proofs: [proofOf(transfer.passwordHash)], code: 'password_required' })
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

  /**
   * `recipients` are the transfer's recipients as just read (the share query loads them), so a
   * removed recipient's grant stops at their next request, on every instance.
   */
  async function verdict(
    transfer: TransferRow,
    claim: AccessClaim,
    recipients: readonly LockRecipient[] = [],
  ): Promise<AccessVerdict> {
    const locks = locksOf(transfer, recipients)
    if (locks.length === 0 || claim.isSender) return { open: true, recipientId: null }
    const now = deps.clock.now().getTime()
    const signed = await getSigner()
    const held = claim.grants.flatMap((token) => {
      const claims = signed.read(token, now)
      return claims && claims.transferId === transfer.id ? [claims] : []
    })
    // Every lock must be opened by a grant of its kind carrying one of its current proofs.
    const opener = (lock: AccessLock) => held.find((g) => g.kind === lock.kind && lock.proofs.includes(g.proof))
    const shut = locks.find((lock) => !opener(lock))
    if (shut) return { open: false, lock: shut }
    const recipientLock = locks.find((lock) => lock.kind === 'recipient')
    const proved = recipientLock ? opener(recipientLock)?.proof : undefined
    const recipient = proved ? recipients.find((r) => recipientProof(r) === proved) : undefined
    return { open: true, recipientId: recipient?.id ?? null }
  }

  return {
    verdict,

    /**
     * Throws 401 with the lock's code (password_required, verification_required) unless the claim
     * opens every lock; else the recipient a recipient grant proved (null for none).
     */
    async require(
      transfer: TransferRow,
      claim: AccessClaim,
      recipients: readonly LockRecipient[] = [],
    ): Promise<{ recipientId: string | null }> {
      const result = await verdict(transfer, claim, recipients)
      if (!result.open) throw new AppError(result.lock.code, 401)
      return { recipientId: result.recipientId }
    },

    /**
     * A grant of `kind` for the transfer's current lock of that kind (for `recipient`, bound to
     * that recipient); null when it has none.
     */
    async issue(
      transfer: TransferRow,
      kind: GrantKind,
      recipient?: LockRecipient,
    ): Promise<{ token: string; expiresAt: Date } | null> {
      const lock = locksOf(transfer, recipient ? [recipient] : []).find((l) => l.kind === kind)
      const proof = lock?.proofs[0]
      if (!proof) return null
      const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000)
      const exp = Math.min(nowSeconds + grantLifetimeSeconds, Math.ceil(transfer.expiresAt.getTime() / 1000))
      const token = (await getSigner()).issue({ kind, transferId: transfer.id, proof, exp })
      return { token, expiresAt: new Date(exp * 1000) }
    },
  }
}

export type TransferAccess = ReturnType<typeof createTransferAccess>
