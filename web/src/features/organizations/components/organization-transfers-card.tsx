import type { Organization } from '@ferry/contracts/api/organizations'
import type { Transfer } from '@ferry/contracts/api/transfers'
import { Anchor, Badge, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { type ResponsiveColumn, ResponsiveTable } from '../../../components/responsive-table.js'
import { useFormatDate } from '../../../components/use-format-date.js'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useFormatNumber } from '../../../components/use-format-number.js'
import { useOrganizationTransfers } from '../api/organizations-api.js'
import { organizationErrorMessage } from '../organization-errors.js'

const statusColors = { active: 'green', expired: 'gray', deleted: 'red' } as const

/** Owner and admin: the transfers removed members left to the organization, reachable until they expire. */
export function OrganizationTransfersCard({ organization }: { organization: Organization }) {
  const { t, i18n } = useTranslation('organizations')
  const formatDate = useFormatDate()
  const formatSize = useFormatFileSize()
  const formatNumber = useFormatNumber()
  const transfers = useOrganizationTransfers(organization.id, true)
  const list = transfers.data?.transfers ?? []
  const columns: ResponsiveColumn<Transfer>[] = [
    {
      key: 'title',
      label: t('transfers.name'),
      card: 'title',
      cell: (transfer) => {
        const title = transfer.title || transfer.file_name
        return (
          <Anchor
            href={transfer.sharing_url}
            target="_blank"
            rel="noopener"
            size="sm"
            aria-label={t('transfers.open', { title })}
          >
            {title}
          </Anchor>
        )
      },
    },
    { key: 'recipients', label: t('transfers.recipients'), cell: (transfer) => transfer.recipient_emails.join(', ') },
    { key: 'size', label: t('transfers.size'), cell: (transfer) => formatSize(transfer.file_size) },
    { key: 'downloads', label: t('transfers.downloads'), cell: (transfer) => formatNumber(transfer.download_count) },
    { key: 'expires', label: t('transfers.expires'), cell: (transfer) => formatDate(transfer.expires_at) },
    {
      key: 'status',
      label: t('transfers.statusLabel'),
      cell: (transfer) => (
        <Badge variant="light" color={statusColors[transfer.status]}>
          {t(`transfers.status.${transfer.status}`)}
        </Badge>
      ),
    },
  ]
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="organization-transfers">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('transfers.title')}
        </Title>
        <Text size="sm">{t('transfers.text')}</Text>
        {transfers.isPending && (
          <Center aria-busy="true">
            <Loader role="status" type="dots" aria-label={t('loading')} />
          </Center>
        )}
        {transfers.isError && (
          <ErrorAlert onClose={() => void transfers.refetch()}>
            {organizationErrorMessage(i18n, transfers.error)}
          </ErrorAlert>
        )}
        {transfers.data && list.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="organization-transfers-empty">
            {t('transfers.empty')}
          </Text>
        )}
        {list.length > 0 && (
          <ResponsiveTable
            rows={list}
            columns={columns}
            rowKey={(transfer) => transfer.id}
            rowAttributes={() => ({ 'data-testid': 'organization-transfer-row' })}
            label={t('transfers.title')}
            minWidth={640}
            tableProps={{ striped: true, verticalSpacing: 'sm' }}
          />
        )}
      </Stack>
    </Paper>
  )
}
