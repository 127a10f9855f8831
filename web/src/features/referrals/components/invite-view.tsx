import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconLock } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoadMore } from '../../../components/load-more.js'
import { UpgradeCard } from '../../../components/upgrade-card.js'
import { useFormatMoney } from '../../../components/use-format-money.js'
import { useReferrals } from '../api/referral-queries.js'
import { referralStats } from '../referral-stats.js'
import { GenerateCodeButton } from './generate-code-button.js'
import { HowReferralsWork, type RewardPlan } from './how-referrals-work.js'
import { ReferralTable } from './referral-table.js'

export interface InviteViewProps {
  userId: string | null
  /** Whether the user's plan allows payouts; undefined while loading. */
  plan: { allowsPayouts: boolean | undefined; failed: boolean }
  rewards: readonly RewardPlan[]
  loginTo: string
  upgradeTo: string
  plansTo: string
}

function StatCard({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={800} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  )
}

function Loading() {
  return (
    <Center mih="30vh" aria-busy="true">
      <Loader type="dots" />
    </Center>
  )
}

/** /invite (spec/accounts.md §2): Login Required, Upgrade to Earn Referral Rewards, or stats, codes and the explainer. */
export function InviteView({ userId, plan, rewards, loginTo, upgradeTo, plansTo }: InviteViewProps) {
  const { t } = useTranslation('billing')
  if (!userId) {
    return (
      <Paper withBorder radius="lg" p="xl" data-testid="invite-login-required">
        <Stack align="center" gap="md" ta="center">
          <IconLock size={40} />
          <Title order={2}>{t('referrals.loginRequiredTitle')}</Title>
          <Text c="dimmed">{t('referrals.loginRequired')}</Text>
          <Button component={Link} to={loginTo}>
            {t('referrals.signIn')}
          </Button>
        </Stack>
      </Paper>
    )
  }
  if (plan.failed) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="invite-plan-error">
        {t('referrals.planLoadFailed')}
      </Alert>
    )
  }
  if (plan.allowsPayouts === undefined) return <Loading />
  if (!plan.allowsPayouts) {
    return (
      <Stack gap="xl">
        <UpgradeCard
          title={t('referrals.upgradeTitle')}
          body={t('referrals.upgradeBody')}
          upgradeTo={upgradeTo}
          upgradeLabel={t('referrals.upgradeButton')}
          secondary={{ to: plansTo, label: t('referrals.viewPlans') }}
          testId="invite-upgrade"
        />
        <HowReferralsWork rewards={rewards} />
      </Stack>
    )
  }
  return <InviteDashboard userId={userId} rewards={rewards} />
}

function InviteDashboard({ userId, rewards }: { userId: string; rewards: readonly RewardPlan[] }) {
  const { t } = useTranslation('billing')
  const money = useFormatMoney()
  const referrals = useReferrals(userId)
  // spec/accounts.md §7: a failed list reads as empty; a notice says so.
  const list = referrals.items ?? []
  // Counted over the codes loaded so far (the list's first page holds them for nearly everyone).
  const stats = referralStats(list)
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <StatCard label={t('referrals.stats.invited')} value={stats.invited} testId="stat-invited" />
        <StatCard label={t('referrals.stats.upgraded')} value={stats.upgraded} testId="stat-upgraded" />
        <StatCard label={t('referrals.stats.earned')} value={money(stats.earned)} testId="stat-earned" />
        <StatCard label={t('referrals.stats.pending')} value={money(stats.pending)} testId="stat-pending" />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} fz="h4">
              {t('referrals.listTitle')}
            </Title>
            <GenerateCodeButton userId={userId} allowsPayouts />
          </Group>
          {referrals.isError && (
            <Alert color="yellow" variant="light" data-testid="referrals-load-error">
              {t('referrals.loadFailed')}
            </Alert>
          )}
          {referrals.isPending ? (
            <Loading />
          ) : list.length === 0 ? (
            <Text c="dimmed" ta="center" py="md" data-testid="referrals-empty">
              {t('referrals.empty')}
            </Text>
          ) : (
            <>
              <ReferralTable referrals={list} variant="invite" />
              <LoadMore
                shown={list.length}
                total={referrals.total}
                hasMore={referrals.hasMore}
                loading={referrals.isFetchingNextPage}
                onLoadMore={referrals.loadMore}
                data-testid="referrals-load-more"
              />
            </>
          )}
        </Stack>
      </Paper>
      <HowReferralsWork rewards={rewards} />
    </Stack>
  )
}
