import type { Subscription } from '@ferry/contracts/api/billing'
import { planIds } from '@ferry/contracts/api/plans'
import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { usePlanName } from '../../../components/use-plan-name.js'
import { useCancelSubscription, useResumeSubscription } from '../api/billing-queries.js'
import { billingErrorMessage } from '../billing-errors.js'
import { useBillingMessage } from './use-billing-message.js'

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  )
}

/** Subscription Details (spec/accounts.md §2): status (green when ACTIVE, else orange), dates, referral code used, and cancelling. */
export function SubscriptionDetailsCard({ subscription }: { subscription: Subscription | null }) {
  const { t } = useTranslation(['billing', 'common'])
  const freePlan = usePlanName()({ id: planIds.guest })
  const formatDate = useFormatDate()
  const describe = useBillingMessage()
  const cancel = useCancelSubscription()
  const resume = useResumeSubscription()
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const none = t('profile.none')
  const date = (value: string | null) => (value ? formatDate(value, 'date') : none)
  // A cancelled plan still running until its end date may be taken back (issue 17 item 6).
  const resumable =
    subscription?.status === 'CANCELED' &&
    subscription.end_date !== null &&
    new Date(subscription.end_date).getTime() > Date.now()
  const resumeNow = () => {
    setError(null)
    resume.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: t('profile.resumed') }),
      onError: (failure) => setError(t('profile.resumeFailed', { message: describe(billingErrorMessage(failure)) })),
    })
  }
  const cancellable = subscription !== null && (subscription.status === 'ACTIVE' || subscription.status === 'TRIALING')
  const endsAt =
    subscription?.trial_end && subscription.status === 'TRIALING'
      ? subscription.trial_end
      : subscription?.next_billing_date

  const confirmCancel = () => {
    setError(null)
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false)
        notifications.show({ color: 'green', message: t('profile.cancelled') })
      },
      onError: (failure) => {
        setConfirming(false)
        setError(t('profile.cancelFailed', { message: describe(billingErrorMessage(failure)) }))
      },
    })
  }

  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="subscription-details">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('profile.subscription')}
          </Title>
          {subscription && (
            <Badge color={subscription.status === 'ACTIVE' ? 'green' : 'orange'} data-testid="subscription-status">
              {t(`profile.statuses.${subscription.status}`)}
            </Badge>
          )}
        </Group>
        {subscription ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Field label={t('profile.startDate')} value={date(subscription.start_date)} testId="subscription-start" />
            <Field label={t('profile.endDate')} value={date(subscription.end_date)} testId="subscription-end" />
            <Field
              label={t('profile.nextBilling')}
              value={date(subscription.next_billing_date)}
              testId="subscription-next"
            />
            <Field
              label={t('profile.referralUsed')}
              value={subscription.referral_code_used ?? none}
              testId="subscription-referral"
            />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {t('profile.noSubscription')}
          </Text>
        )}
        {error && (
          <ErrorAlert onClose={() => setError(null)} data-testid="cancel-subscription-error">
            {error}
          </ErrorAlert>
        )}
        {resumable && (
          <Button w="fit-content" loading={resume.isPending} onClick={resumeNow}>
            {t('profile.resumeSubscription')}
          </Button>
        )}
        {cancellable && (
          <Button variant="subtle" color="red" w="fit-content" onClick={() => setConfirming(true)}>
            {t('profile.cancelSubscription')}
          </Button>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('profile.cancelConfirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Stack gap="md">
          <Text size="sm">
            {endsAt
              ? t('profile.cancelConfirm', { date: formatDate(endsAt, 'date'), plan: freePlan })
              : t('profile.cancelConfirmNow', { plan: freePlan })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              {t('profile.keep')}
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={confirmCancel}>
              {t('profile.cancelSubscription')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}
