import type { Transfer } from '@ferry/contracts/api/transfers'
import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../lib/error-message.js'
import { useUpdateTransfer } from '../api/transfer-queries.js'
import type { TransferFormProps } from './transfer-form.js'

/**
 * The owner changes which of the organization's backgrounds recipients see after sending, or
 * goes back to the rotation (PATCH background_id; issue 22 item 3). The choice itself is
 * features/branding's, composed in by the page.
 */
export function TransferBackgroundSetting({
  transfer,
  choice,
}: {
  transfer: Transfer
  choice: NonNullable<TransferFormProps['backgroundChoice']>
}) {
  const { i18n } = useTranslation('transfers')
  const update = useUpdateTransfer(transfer.id)
  const value = update.isPending ? (update.variables?.background_id ?? null) : transfer.background_id
  return (
    <div data-testid="background-settings">
      {choice({ value, onChange: (id) => update.mutate({ background_id: id }), disabled: update.isPending })}
      {update.isError && (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(i18n, update.error)}
        </Text>
      )}
    </div>
  )
}
