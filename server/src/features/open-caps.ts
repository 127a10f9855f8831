import { type ErrorCode, errorText } from '@ferry/contracts/errors'
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbExecutor } from '../db/database.js'
import { referrals, requestLinks, rooms, users } from '../db/schema/index.js'
import { AppError } from '../errors.js'

/**
 * How many of each one account may hold open at once (security review L-10: creation was
 * unbounded, 500 links in a burst). Far above what a person uses, low enough that a script
 * cannot grow a user's lists (and the answers that carry them) without bound. The same for
 * every plan; they live here, in one place, and each refusal names the number.
 * - request links: not completed and not expired (spec/transfers.md §5);
 * - rooms: hosted by the account and not expired (spec/transfers.md §7);
 * - referral codes: created by the account and not yet redeemed (spec/accounts.md §3).
 */
export const openCaps = { requestLinks: 100, rooms: 20, referralCodes: 50 } as const

export type OpenCapKind = keyof typeof openCaps

const refusalCodes = {
  requestLinks: 'request_links_limit_reached',
  rooms: 'rooms_limit_reached',
  referralCodes: 'referral_codes_limit_reached',
} as const satisfies Record<OpenCapKind, ErrorCode>

async function openCount(tx: DbExecutor, kind: OpenCapKind, userId: string, now: Date): Promise<number> {
  const [row] =
    kind === 'requestLinks'
      ? await tx
          .select({ n: count() })
          .from(requestLinks)
          .where(
            and(eq(requestLinks.userId, userId), isNull(requestLinks.completedAt), gt(requestLinks.expiresAt, now)),
          )
      : kind === 'rooms'
        ? await tx
            .select({ n: count() })
            .from(rooms)
            .where(and(eq(rooms.hostUserId, userId), gt(rooms.expiresAt, now)))
        : await tx
            .select({ n: count() })
            .from(referrals)
            .where(and(eq(referrals.inviterUserId, userId), isNull(referrals.invitedUserId)))
  return Number(row?.n ?? 0)
}

/**
 * Refuses (409, with the kind's code and the number) when the account already holds its cap of
 * open `kind`. Call it inside the transaction that creates the new one: it locks the account's
 * row first, so concurrent creations of one account are counted one after the other.
 */
export async function assertUnderOpenCap(tx: DbExecutor, kind: OpenCapKind, userId: string, now: Date): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`)
  const cap = openCaps[kind]
  if ((await openCount(tx, kind, userId, now)) >= cap) {
    const code = refusalCodes[kind]
    throw new AppError(code, 409, errorText(code, { n: cap }))
  }
}
