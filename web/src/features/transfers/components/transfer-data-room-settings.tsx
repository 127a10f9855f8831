import type { Transfer, TransferUpdateRequest } from '@ferry/contracts/api/transfers'
import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../lib/error-message.js'
import { useUpdateTransfer } from '../api/transfer-queries.js'
import { DataRoomOption } from '../data-room/data-room-option.js'

/**
 * The owner turns the clean data room on or off after sending, and allows or stops the
 * watermarked PDF (PATCH). Turning it on makes a link transfer recipients-only in the same change.
 */
export function TransferDataRoomSettings({
  transfer,
  inPlan,
  upgradeTo,
}: {
  transfer: Transfer
  inPlan: boolean
  upgradeTo?: string
}) {
  const { i18n } = useTranslation('transfers')
  const update = useUpdateTransfer(transfer.id)
  const pending = update.isPending ? update.variables : undefined
  const save = (changes: TransferUpdateRequest) => update.mutate(changes)
  return (
    <div data-testid="data-room-settings">
      <DataRoomOption
        inPlan={inPlan}
        upgradeTo={upgradeTo}
        checked={pending?.clean_data_room ?? transfer.clean_data_room}
        onChange={(on) =>
          save(
            on && transfer.access === 'link'
              ? { clean_data_room: true, access: 'recipients' }
              : { clean_data_room: on },
          )
        }
        pdfDownload={pending?.data_room_pdf_download ?? transfer.data_room_pdf_download}
        onPdfDownloadChange={(allowed) => save({ data_room_pdf_download: allowed })}
        disabled={update.isPending}
        testIdPrefix="detail"
      />
      {update.isError && (
        <Text size="sm" c="red.8" role="alert" data-testid="data-room-settings-error">
          {errorMessage(i18n, update.error)}
        </Text>
      )}
    </div>
  )
}
