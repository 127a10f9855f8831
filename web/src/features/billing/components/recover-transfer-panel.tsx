import { recoveryExtensionHours } from '@ferry/contracts/api/transfers'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconRestore } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'
import { useFormatMoney } from '../../../components/use-format-money.js'
import { billingApi } from '../api/billing-api.js'
import { billingErrorMessage } from '../billing-errors.js'
import { useBillingMessage } from './use-billing-message.js'

const msPerHour = 60 * 60 * 1000

/** Whether an expired transfer is still in its recovery grace (DECISIONS 3); the server checks the plan too. */
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

/** 'Recover' on an expired transfer within its grace: a checkout at the plan's single-transfer price (000 §2 Recovery). */
export function RecoverTransferPanel({ transferId, price }: RecoverTransferPanelProps) {
  const { t } = useTranslation('billing')
  const money = useFormatMoney()
  const describe = useBillingMessage()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const recover = async () => {
    setError(null)
    setPending(true)
    try {
      const session = await billingApi.recoveryCheckout(transferId)
      window.location.assign(session.url)
    } catch (failure) {
      setError(t('recovery.recoverFailed', { message: describe(billingErrorMessage(failure)) }))
      setPending(false)
    }
  }

  return (
    <Alert color="orange" variant="light" icon={<IconRestore size={18} />} data-testid="recover-transfer">
      <Stack gap="sm">
        <Text size="sm">
          {price ? t('recovery.recoverHint', { price: money(price) }) : t('recovery.recoverHintNoPrice')}
        </Text>
        {error && (
          <ErrorAlert onClose={() => setError(null)} data-testid="recover-error">
            {error}
          </ErrorAlert>
        )}
        <Group>
          <Button
            color="orange"
            leftSection={<IconRestore size={16} />}
            loading={pending}
            onClick={() => void recover()}
          >
            {t('recovery.recover')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
