import type { Db } from '../../db/database.js'
import type { Deps } from '../../deps.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import type { JobHandler } from '../../jobs/job-worker.js'
import {
  createSubscriptionSeats,
  type SubscriptionSeats,
  type SubscriptionSeatsSync,
} from '../billing/subscription-seats.service.js'
import { createOrganizationsRepository } from './organizations.repository.js'

/** The queued job that brings a subscription's quantity in line with its organization's members. */
export const seatsKind = 'organization.seats'

type SeatsPayload = { organizationId: string } | { userId: string }

/** Rounds of "set, then count again" before a try gives up (and the queue retries). */
const maxRounds = 3

/**
 * Seats billing (issue 22; the decision record on seats billing): a membership change enqueues a seats job in its
 * own transaction, so the change and the promise to bill it commit together; the job sets the
 * subscription's quantity (Stripe's subscription item quantity, prorated) as the members are then.
 * A provider outage fails the job, which the queue retries with back-off; the job is idempotent.
 */
export interface SeatsQueue extends SubscriptionSeatsSync {
  /** After a member joined or left `organizationId` (or its ownership moved). */
  request(tx: Db, organizationId: string): Promise<void>
  /** After an organization was deleted: its former owner's subscription goes back to one seat. */
  requestForOwner(tx: Db, userId: string): Promise<void>
  /** Ownership handed over: the paying subscription moves to the new owner (billing's rule). */
  moveSubscription: SubscriptionSeats['moveSubscription']
  /**
   * The user got a new subscription (checkout, Stripe's webhook, an admin's grant). Its quantity
   * starts at one seat; when the user owns an organization, its seats job sets it to the members.
   */
  subscriptionChanged(tx: Db, userId: string): Promise<void>
}

export function createSeatsQueue(deps: Pick<Deps, 'clock' | 'database' | 'payments'>, jobQueue: JobQueue): SeatsQueue {
  const enqueue = (tx: Db, payload: SeatsPayload) =>
    jobQueue.enqueue(seatsKind, payload, { executor: tx, maxAttempts: 10 }).then(() => undefined)
  return {
    request: (tx, organizationId) => enqueue(tx, { organizationId }),
    requestForOwner: (tx, userId) => enqueue(tx, { userId }),
    async subscriptionChanged(tx, userId) {
      const membership = await createOrganizationsRepository(tx).membershipOf(userId)
      if (membership?.role === 'owner') await enqueue(tx, { organizationId: membership.organizationId })
    },
    moveSubscription: createSubscriptionSeats(deps).moveSubscription,
  }
}

/** Runs seats jobs: counts the members, then sets the holder's subscription quantity to that. */
export function seatsHandler(deps: Pick<Deps, 'clock' | 'database' | 'payments'>): JobHandler {
  const orgs = createOrganizationsRepository(deps.database.db)
  const subscriptionSeats = createSubscriptionSeats(deps)

  /** The subscription holder and the seats they pay for, as things are now. */
  async function target(payload: SeatsPayload): Promise<{ userId: string; seats: number } | undefined> {
    if ('userId' in payload) {
      // Deleted, then the owner founded or joined another organization: that one's jobs count for them.
      if (await orgs.membershipOf(payload.userId)) return undefined
      return { userId: payload.userId, seats: 1 }
    }
    const owner = await orgs.ownerOf(payload.organizationId)
    if (!owner) return undefined // deleted meanwhile: its requestForOwner job resets the seats
    return { userId: owner, seats: Math.max(1, await orgs.seats(payload.organizationId)) }
  }

  return {
    kind: seatsKind,
    async run(job) {
      const payload = job.payload as SeatsPayload
      for (let round = 0; round < maxRounds; round++) {
        const wanted = await target(payload)
        if (!wanted) return
        if (await subscriptionSeats.setSeats(wanted.userId, wanted.seats)) {
          const now = await target(payload)
          // Members who joined or left while Stripe answered are counted in the next round.
          if (!now || (now.userId === wanted.userId && now.seats === wanted.seats)) return
        }
      }
      throw new Error('Seats kept changing while they were being billed; the queue will try again')
    },
  }
}
