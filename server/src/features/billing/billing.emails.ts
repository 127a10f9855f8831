import type { BillingInterval } from '@ferry/contracts/api/billing'
import type { Language } from '@ferry/contracts/domain/languages'
import type { MailMessage } from '../../adapters/mailer/mailer.js'
import { composeMail, type MailBlock, singleLine } from '../../mail/mail-layout.js'
import { type MailText, mailText } from '../../mail/mail-text.js'

/** The plans whose names the catalogue translates (billing.json `planNames`): the seeded ones. */
const namedPlans = ['guest', 'pro', 'business', 'enterprise', 'edu', 'ngo'] as const
type NamedPlan = (typeof namedPlans)[number]

/** The account an email goes to and the plan it is about. */
export interface BillingMailBase {
  to: string
  name: string
  plan: { id: string; name: string }
  /** Where the account manages its plan (the profile). */
  manageUrl: string
}

export interface SubscriptionStartedEmail extends BillingMailBase {
  interval: BillingInterval
  amountCents: number
  /** When the trial ends and the first charge happens; null without a trial. */
  trialEnd: Date | null
  trialDays: number
  /** The next charge: the trial's end, or the end of the period just paid. */
  nextBillingDate: Date
}

export interface SubscriptionCanceledEmail extends BillingMailBase {
  /** Until when the plan stays; null when it ended at once. */
  endsAt: Date | null
}

/**
 * A plan's name in the email's language: the catalogue's while the stored name is still the
 * seeded English one, an admin's own name as written (as the web's usePlanName does).
 */
function planNameIn(text: MailText<'billing'>, plan: { id: string; name: string }): string {
  if (!namedPlans.includes(plan.id as NamedPlan)) return singleLine(plan.name)
  const key = `planNames.${plan.id as NamedPlan}` as const
  const english = mailText('en', 'billing').t(key)
  return plan.name === english || !plan.name ? text.t(key) : singleLine(plan.name)
}

const greeting = (text: MailText<'billing'>, name: string): MailBlock => ({
  kind: 'paragraph',
  text: text.t('greeting', { name: singleLine(name) }),
})

/**
 * The confirmation of a new subscription (product.md §6): with a trial, when it ends and the
 * first charge happens; without one, the price and the next charge. In the account's language.
 */
export function subscriptionStartedEmail(mail: SubscriptionStartedEmail, language: Language): MailMessage {
  const text = mailText(language, 'billing')
  const { t, day, money } = text
  const plan = planNameIn(text, mail.plan)
  const amount = money(mail.amountCents)
  const blocks: MailBlock[] = mail.trialEnd
    ? [
        greeting(text, mail.name),
        { kind: 'paragraph', text: t('trial.intro', { plan, count: mail.trialDays }) },
        { kind: 'paragraph', text: t('trial.firstCharge', { amount, date: day(mail.trialEnd) }) },
        { kind: 'button', label: t('manage'), url: mail.manageUrl },
        { kind: 'note', text: t('trial.cancelAnyTime') },
      ]
    : [
        greeting(text, mail.name),
        { kind: 'paragraph', text: t('started.intro', { plan }) },
        {
          kind: 'paragraph',
          text: t('started.price', {
            amount,
            interval: t(`intervals.${mail.interval}`),
            date: day(mail.nextBillingDate),
          }),
        },
        { kind: 'button', label: t('manage'), url: mail.manageUrl },
        { kind: 'note', text: t('started.cancelAnyTime') },
      ]
  return composeMail({
    to: mail.to,
    language,
    subject: mail.trialEnd ? t('trial.subject', { plan }) : t('started.subject', { plan }),
    blocks,
  })
}

/** The confirmation of a cancellation: what stays until when, and that it can be resumed until then. */
export function subscriptionCanceledEmail(mail: SubscriptionCanceledEmail, language: Language): MailMessage {
  const text = mailText(language, 'billing')
  const { t, day } = text
  const plan = planNameIn(text, mail.plan)
  const free = t('planNames.guest')
  const blocks: MailBlock[] = [
    greeting(text, mail.name),
    { kind: 'paragraph', text: t('canceled.intro', { plan }) },
    mail.endsAt
      ? { kind: 'paragraph', text: t('canceled.until', { plan, date: day(mail.endsAt), free }) }
      : { kind: 'paragraph', text: t('canceled.now', { free }) },
    ...(mail.endsAt
      ? [
          { kind: 'paragraph' as const, text: t('canceled.resume') },
          { kind: 'button' as const, label: t('canceled.button'), url: mail.manageUrl },
        ]
      : []),
  ]
  return composeMail({ to: mail.to, language, subject: t('canceled.subject', { plan }), blocks })
}
