import type { MailMessage } from '../../adapters/mailer/mailer.js'
import type { Deps } from '../../deps.js'
import type { PlansService } from '../plans/plans.service.js'
import type { UserRecord, UsersService } from '../users/users.service.js'
import { subscriptionCanceledEmail, subscriptionStartedEmail } from './billing.emails.js'
import type { SubscriptionRow } from './billing.repository.js'

export type BillingNoticeDeps = Pick<Deps, 'config' | 'mailer' | 'logger'>

const dayMs = 24 * 60 * 60 * 1000

/**
 * The emails that confirm what happened to a subscription, in the account's language. They are
 * sent after the change committed; a mail that cannot be sent is logged, never undoes the change.
 */
export function createBillingNotices(
  deps: BillingNoticeDeps,
  { users, plans }: { users: Pick<UsersService, 'getById'>; plans: Pick<PlansService, 'get'> },
) {
  const manageUrl = `${deps.config.publicUrl}/profile`

  type Build = (found: { user: UserRecord; plan: { id: string; name: string } }) => MailMessage | undefined

  async function send(row: SubscriptionRow, what: string, build: Build) {
    try {
      const [user, plan] = await Promise.all([users.getById(row.userId), plans.get(row.planId).catch(() => undefined)])
      const message = user && build({ user, plan: { id: row.planId, name: plan?.name ?? row.planId } })
      if (message) await deps.mailer.send(message)
    } catch (error) {
      deps.logger.error({ err: error, subscriptionId: row.id }, `Could not email the ${what} confirmation`)
    }
  }

  return {
    /** A paid subscription started (with or without a trial). */
    started: (row: SubscriptionRow) =>
      send(row, 'subscription', ({ user, plan }) => {
        if (!row.interval || row.amountCents === null || !row.nextBillingDate) return undefined
        const trialDays =
          row.trialStart && row.trialEnd ? Math.round((row.trialEnd.getTime() - row.trialStart.getTime()) / dayMs) : 0
        return subscriptionStartedEmail(
          {
            to: user.email,
            name: user.name,
            plan,
            manageUrl,
            interval: row.interval,
            amountCents: row.amountCents,
            trialEnd: row.trialEnd,
            trialDays,
            nextBillingDate: row.nextBillingDate,
          },
          user.language,
        )
      }),

    /** The account cancelled: the plan stays until `row.endDate` (or ended at once). */
    canceled: (row: SubscriptionRow) =>
      send(row, 'cancellation', ({ user, plan }) =>
        subscriptionCanceledEmail(
          { to: user.email, name: user.name, plan, manageUrl, endsAt: row.status === 'CANCELED' ? row.endDate : null },
          user.language,
        ),
      ),
  }
}

export type BillingNotices = ReturnType<typeof createBillingNotices>
