import type { StorageUsage } from '@ferry/contracts/api/admin'
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useFormatNumber } from '../../../components/use-format-number.js'
import { usePlanName } from '../../../components/use-plan-name.js'
import { StorageBars } from './storage-bars.js'

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation('admin')
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {empty ? <Text c="dimmed">{t('storage.none')}</Text> : children}
      </Stack>
    </Paper>
  )
}

/** Per plan (with bars), the top 20 users and the largest transfers still stored. */
export function StorageTables({ usage }: { usage: StorageUsage }) {
  const { t } = useTranslation('admin')
  const formatSize = useFormatFileSize()
  const formatNumber = useFormatNumber()
  const planName = usePlanName()
  const formatDate = useFormatDate()
  const userColumns: ResponsiveColumn<StorageUsage['top_users'][number]>[] = [
    {
      key: 'user',
      label: t('storage.user'),
      card: 'title',
      cell: (user) => (
        <>
          <Text size="sm" fw="inherit">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" fw={400}>
            {user.email}
          </Text>
          {user.organization_name !== null && (
            <Text size="xs" c="dimmed" fw={400} data-testid="storage-user-organization">
              {t('storage.organization', { name: user.organization_name })}
            </Text>
          )}
        </>
      ),
    },
    { key: 'transfers', label: t('storage.transfers'), cell: (user) => formatNumber(user.transfers) },
    { key: 'bytes', label: t('storage.bytes'), cell: (user) => formatSize(user.bytes) },
  ]
  const transferColumns: ResponsiveColumn<StorageUsage['largest_transfers'][number]>[] = [
    {
      key: 'title',
      label: t('storage.transferTitle'),
      card: 'title',
      cell: (transfer) => transfer.title || t('storage.untitled'),
    },
    { key: 'owner', label: t('storage.owner'), cell: (transfer) => transfer.user_email ?? t('storage.deletedUser') },
    { key: 'files', label: t('storage.files'), cell: (transfer) => transfer.files },
    { key: 'bytes', label: t('storage.bytes'), cell: (transfer) => formatSize(transfer.bytes) },
    { key: 'created', label: t('storage.created'), cell: (transfer) => formatDate(transfer.created_at) },
    { key: 'status', label: t('storage.status'), cell: (transfer) => t(`storage.statuses.${transfer.status}`) },
  ]
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('storage.perPlan')} empty={usage.per_plan.length === 0}>
          <StorageBars
            label={t('storage.perPlan')}
            bars={usage.per_plan.map((plan) => ({
              id: `plan-${plan.plan_id}`,
              label: planName({ id: plan.plan_id, name: plan.plan_name }),
              bytes: plan.bytes,
              color: 'indigo',
              caption: `${formatSize(plan.bytes)} · ${t('storage.userCount', { count: plan.users })}, ${t('storage.transferCount', { count: plan.transfers })}`,
            }))}
          />
        </Section>
        <Section title={t('storage.topUsers')} empty={usage.top_users.length === 0}>
          <ResponsiveTable
            rows={usage.top_users}
            columns={userColumns}
            rowKey={(user) => user.user_id}
            rowAttributes={(user) => ({ 'data-email': user.email })}
            label={t('storage.topUsers')}
            minWidth={360}
            tableProps={{ 'data-testid': 'storage-top-users' }}
            cardsTestId="storage-top-users"
          />
        </Section>
      </SimpleGrid>
      <Section title={t('storage.largest')} empty={usage.largest_transfers.length === 0}>
        <ResponsiveTable
          rows={usage.largest_transfers}
          columns={transferColumns}
          rowKey={(transfer) => transfer.id}
          label={t('storage.largest')}
          minWidth={640}
          tableProps={{ 'data-testid': 'storage-largest' }}
          cardsTestId="storage-largest"
        />
      </Section>
    </Stack>
  )
}
