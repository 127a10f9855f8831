import type { Transfer } from '@ferry/contracts/api/transfers'
import { Switch, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../lib/error-message.js'
import { useUpdateTransfer } from '../api/transfer-queries.js'

/** The owner turns the one reminder a day before expiry on or off after sending (issue 18 item 6). */
export function TransferRemindersSwitch({ transfer }: { transfer: Transfer }) {
  const { t, i18n } = useTranslation('transfers')
  const update = useUpdateTransfer(transfer.id)
  return (
    <div>
      <Switch
        label={t('reminders.label')}
        description={t('reminders.description')}
        checked={update.isPending ? Boolean(update.variables?.reminders) : transfer.reminders}
        onChange={(event) => update.mutate({ reminders: event.currentTarget.checked })}
        disabled={update.isPending}
        data-testid="detail-reminders"
      />
      {update.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(i18n, update.error)}
        </Text>
      )}
    </div>
  )
}
