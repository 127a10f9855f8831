import { useTranslation } from 'react-i18next'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import type { TransferFormLimits } from '../form-types.js'

/** spec/transfers.md §5: what exceeding the size limit says, 'Upgrade to PRO…' on the free plan, the limit on a paid one. */
export function useUpgradeMessage(limits: TransferFormLimits): string {
  const { t } = useTranslation('transfers')
  const formatSize = useFormatFileSize()
  const size = limits.maxTransferBytes === null ? '' : formatSize(limits.maxTransferBytes)
  return limits.planRole === 'FREE' ? t('upgrade.freeMessage', { size }) : t('upgrade.paidMessage', { size })
}
