import type { FileScanStatus } from '@ferry/contracts/api/transfers'
import { Badge } from '@mantine/core'
import { IconShieldCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/**
 * A file's virus-scan verdict beside its name (docs/decisions/0039): a small "Scanned" for a clean
 * file, "Not scanned (too large)" for one past the scanner's limit (never called clean), the
 * signature for the sender of an infected one. Nothing when the server has no scanner.
 */
export function ScanMark({ status, signature }: { status: FileScanStatus | null; signature?: string | null }) {
  const { t } = useTranslation('transfers')
  if (status === null) return null
  if (status === 'clean') {
    return (
      <Badge
        size="xs"
        variant="light"
        color="teal"
        tt="none"
        leftSection={<IconShieldCheck size={12} />}
        data-testid="scan-mark"
        data-scan="clean"
      >
        {t('scan.clean')}
      </Badge>
    )
  }
  if (status === 'not_scanned') {
    return (
      <Badge size="xs" variant="light" color="yellow" tt="none" data-testid="scan-mark" data-scan="not_scanned">
        {t('scan.notScanned')}
      </Badge>
    )
  }
  if (status === 'infected') {
    return (
      <Badge size="xs" variant="filled" color="red" tt="none" data-testid="scan-mark" data-scan="infected">
        {t('scan.infected', { signature: signature ?? '' })}
      </Badge>
    )
  }
  return (
    <Badge size="xs" variant="light" color="gray" tt="none" data-testid="scan-mark" data-scan="pending">
      {t('scan.pending')}
    </Badge>
  )
}
