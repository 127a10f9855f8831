import type { StorageUsage } from '@ferry/contracts/api/admin'
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
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
          <Table.ScrollContainer minWidth={360}>
            <Table data-testid="storage-top-users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('storage.user')}</Table.Th>
                  <Table.Th>{t('storage.transfers')}</Table.Th>
                  <Table.Th>{t('storage.bytes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {usage.top_users.map((user) => (
                  <Table.Tr key={user.user_id} data-email={user.email}>
                    <Table.Td>
                      <Text size="sm">{user.name}</Text>
                      <Text size="xs" c="dimmed">
                        {user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatNumber(user.transfers)}</Table.Td>
                    <Table.Td>{formatSize(user.bytes)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      </SimpleGrid>
      <Section title={t('storage.largest')} empty={usage.largest_transfers.length === 0}>
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="storage-largest">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('storage.transferTitle')}</Table.Th>
                <Table.Th>{t('storage.owner')}</Table.Th>
                <Table.Th>{t('storage.files')}</Table.Th>
                <Table.Th>{t('storage.bytes')}</Table.Th>
                <Table.Th>{t('storage.created')}</Table.Th>
                <Table.Th>{t('storage.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {usage.largest_transfers.map((transfer) => (
                <Table.Tr key={transfer.id}>
                  <Table.Td>{transfer.title || t('storage.untitled')}</Table.Td>
                  <Table.Td>{transfer.user_email ?? t('storage.deletedUser')}</Table.Td>
                  <Table.Td>{transfer.files}</Table.Td>
                  <Table.Td>{formatSize(transfer.bytes)}</Table.Td>
                  <Table.Td>{formatDate(transfer.created_at)}</Table.Td>
                  <Table.Td>{t(`storage.statuses.${transfer.status}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
    </Stack>
  )
}
