import { recoveryExtensionHours } from '@ferry/contracts/api/transfers'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconRestore } from '@tabler/icons-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatMoney } from '../../../components/use-format-money.js'
import { useRecoveryCheckout } from '../hooks/use-recovery-checkout.js'

const msPerHour = 60 * 60 * 1000

/** Whether an expired transfer is still in its recovery grace (product.md §3); the server checks the plan too. */
export function inRecoveryGrace(transfer: { status: string; expires_at: string }, now: number = Date.now()): boolean {
  return (
    transfer.status === 'expired' && now < new Date(transfer.expires_at).getTime() + recoveryExtensionHours * msPerHour
  )
}

export interface RecoverTransferPanelProps {
  transferId: string
  /** The plan's single_transfer_price in euros, when known. */
  price: number | null
}

/** 'Recover' on an expired transfer within its grace: a checkout at the plan's single-transfer price (spec/transfers.md §2 Recovery). */
export function RecoverTransferPanel({ transferId, price }: RecoverTransferPanelProps) {
  const { t } = useTranslation('billing')
  const money = useFormatMoney()
  const { pending, error, clearError, start } = useRecoveryCheckout(transferId)

  return (
    <Alert color="orange" variant="light" icon={<IconRestore size={18} />} data-testid="recover-transfer">
      <Stack gap="sm">
        <Text size="sm">
          {price ? t('recovery.recoverHint', { price: money(price) }) : t('recovery.recoverHintNoPrice')}
        </Text>
        {error && (
          <ErrorAlert onClose={clearError} data-testid="recover-error">
            {error}
          </ErrorAlert>
        )}
        <Group>
          <Button color="orange" leftSection={<IconRestore size={16} />} loading={pending} onClick={() => void start()}>
            {t('recovery.recover')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

/** The compact 'Recover' of a My Transfers row; a failure shows as a notification. */
export function RecoverTransferButton({ transferId }: { transferId: string }) {
  const { t } = useTranslation('billing')
  const { pending, error, clearError, start } = useRecoveryCheckout(transferId)
  useEffect(() => {
    if (!error) return
    notifications.show({ color: 'red', message: error })
    clearError()
  }, [error, clearError])
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="orange"
      leftSection={<IconRestore size={14} />}
      loading={pending}
      onClick={() => void start()}
      data-testid="recover-button"
    >
      {t('recovery.recover')}
    </Button>
  )
}
