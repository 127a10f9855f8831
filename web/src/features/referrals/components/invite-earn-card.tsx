import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LoadMore } from '../../../components/load-more.js'
import { useReferrals } from '../api/referral-queries.js'
import { GenerateCodeButton } from './generate-code-button.js'
import { ReferralTable } from './referral-table.js'

/** The profile's 'Invite & Earn' card (spec/accounts.md §2): Generate New Code (only with payouts) and the codes, PENDING payouts hidden. */
export function InviteEarnCard({ userId, allowsPayouts }: { userId: string; allowsPayouts: boolean }) {
  const { t } = useTranslation('billing')
  const referrals = useReferrals(userId)
  const list = referrals.items ?? []
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="invite-earn">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('referrals.earnTitle')}
          </Title>
          <GenerateCodeButton userId={userId} allowsPayouts={allowsPayouts} />
        </Group>
        <Text size="sm" c="dimmed">
          {allowsPayouts ? t('referrals.earnBody') : t('referrals.earnLocked')}
        </Text>
        {list.length > 0 && <ReferralTable referrals={list} variant="profile" />}
        {list.length > 0 && (
          <LoadMore
            shown={list.length}
            total={referrals.total}
            hasMore={referrals.hasMore}
            loading={referrals.isFetchingNextPage}
            onLoadMore={referrals.loadMore}
            data-testid="referrals-load-more"
          />
        )}
      </Stack>
    </Paper>
  )
}
