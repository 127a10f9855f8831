import type { Subscription } from '@ferry/contracts/api/billing'
import { trialDaysRemaining, trialProgressPercent } from '@ferry/contracts/domain/trial'
import { Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconGift } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormatDate } from '../../../components/use-format-date.js'

export interface TrialCardProps {
  subscription: Pick<Subscription, 'trial_start' | 'trial_end'>
  /** The success page adds the end date and 'You won't be charged until then'. */
  detailed?: boolean
}

/** The free-trial notice (spec/accounts.md §2, §4): days remaining (rounded up) and the share of the trial used. */
export function TrialCard({ subscription, detailed = false }: TrialCardProps) {
  const { t } = useTranslation('billing')
  const formatDate = useFormatDate()
  const { trial_start: start, trial_end: end } = subscription
  if (!start || !end) return null
  const days = trialDaysRemaining(end)
  // The bar shows the trial left, so day one is a full bar rather than an empty grey one (issue 17 item 6).
  const left = 100 - trialProgressPercent(start, end)
  return (
    <Paper withBorder radius="md" p="md" bg="blue.0" data-testid="trial-card">
      <Stack gap="xs">
        <Group gap="sm">
          <ThemeIcon variant="light" radius="xl">
            <IconGift size={18} />
          </ThemeIcon>
          <Text fw={700}>{detailed ? t('success.trialTitle') : t('profile.trialNotice', { count: days })}</Text>
        </Group>
        {detailed && (
          <Text fz="xl" fw={800} data-testid="trial-days-remaining">
            {t('success.trialDaysLeft', { count: days })}
          </Text>
        )}
        <Progress value={left} aria-label={t('success.trialDaysLeft', { count: days })} data-testid="trial-progress" />
        {detailed && (
          <>
            <Text size="sm" data-testid="trial-end">
              {t('success.trialEnds', { date: formatDate(end, 'date') })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('success.notCharged')}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  )
}
