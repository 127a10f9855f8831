import type { Transfer, TransferAccess } from '@ferry/contracts/api/transfers'
import { Group, Radio, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../lib/error-message.js'
import { useUpdateTransfer } from '../api/transfer-queries.js'

/**
 * The owner switches who may open a sent transfer (issue 18 item 3): anyone with the link, or only
 * its recipients, each after a code emailed to their address.
 */
export function TransferAccessPanel({ transfer }: { transfer: Transfer }) {
  const { t, i18n } = useTranslation('transfers')
  const update = useUpdateTransfer(transfer.id)
  const value: TransferAccess = update.isPending ? (update.variables?.access ?? transfer.access) : transfer.access
  return (
    <div>
      <Radio.Group
        label={t('access.label')}
        description={t('access.description')}
        value={value}
        onChange={(next) => update.mutate({ access: next === 'recipients' ? 'recipients' : 'link' })}
        data-testid="detail-access"
      >
        <Group gap="lg" mt={6}>
          <Radio value="link" label={t('access.link')} disabled={update.isPending} data-testid="detail-access-link" />
          <Radio
            value="recipients"
            label={t('access.recipients')}
            disabled={update.isPending}
            data-testid="detail-access-recipients"
          />
        </Group>
      </Radio.Group>
      {update.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(i18n, update.error)}
        </Text>
      )}
    </div>
  )
}
