import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCoin, IconShare, IconUserCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useFormatMoney } from '../../../components/use-format-money.js'
import { usePlanName } from '../../../components/use-plan-name.js'

export interface RewardPlan {
  id: string
  name: string
  payoutAmount: number
}

const steps = [
  { key: 'step1', icon: IconShare },
  { key: 'step2', icon: IconUserCheck },
  { key: 'step3', icon: IconCoin },
] as const

/** 'How Referrals Work' (spec/accounts.md §2): three steps, and each paid plan's reward from plan data. */
export function HowReferralsWork({ rewards }: { rewards: readonly RewardPlan[] }) {
  const { t } = useTranslation('billing')
  const planName = usePlanName()
  const money = useFormatMoney()
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="how-referrals-work">
      <Stack gap="lg">
        <Title order={2} fz="h3">
          {t('referrals.how.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {steps.map(({ key, icon: Icon }) => (
            <Stack key={key} gap="xs">
              <ThemeIcon size={40} radius="xl" variant="light">
                <Icon size={22} />
              </ThemeIcon>
              <Text fw={700}>{t(`referrals.how.${key}Title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`referrals.how.${key}`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Stack gap={4} data-testid="reward-structure">
          <Title order={3} fz="h5">
            {t('referrals.rewards.title')}
          </Title>
          {rewards.map((plan) => (
            <Text key={plan.id} size="sm">
              {t('referrals.rewards.perPlan', { plan: planName(plan), amount: money(plan.payoutAmount) })}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {t('referrals.rewards.note')}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  )
}
