import { Anchor, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import type { TransferFormLimits } from '../form-types.js'

export interface UploadLimitLineProps {
  limits: TransferFormLimits
  isAuthenticated: boolean
  upgradeTo: string
}

/**
 * The upload-limit line (spec/transfers.md §1–2): visitors and the free plan see 'Up to 2 GB free' with
 * 'Increase limit'; a paid plan sees 'Up to {limit} GB per transfer' from its plan data.
 */
export function UploadLimitLine({ limits, isAuthenticated, upgradeTo }: UploadLimitLineProps) {
  const { t } = useTranslation('transfers')
  const formatSize = useFormatFileSize()
  const free = !isAuthenticated || limits.planRole === 'FREE'
  if (free) {
    return (
      <Group justify="space-between" gap="xs" data-testid="upload-limit-line">
        <Text size="sm" fw={500} c="dimmed">
          {t('limit.free')}
        </Text>
        <Anchor component={Link} to={upgradeTo} size="sm" fw={600}>
          {t('limit.increase')}
        </Anchor>
      </Group>
    )
  }
  const limit = limits.maxTransferBytes === null ? null : formatSize(limits.maxTransferBytes)
  return (
    <Text size="sm" fw={500} c="dimmed" data-testid="upload-limit-line">
      {limit === null ? t('limit.unlimited') : t('limit.perTransfer', { limit })}
    </Text>
  )
}
