import { Anchor, Group, Skeleton, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import type { TransferFormLimits } from '../form-types.js'

export interface UploadLimitLineProps {
  limits: TransferFormLimits
  /** False while the plan's limits are loading: nothing is claimed until they are known. */
  limitsKnown: boolean
  isAuthenticated: boolean
  upgradeTo: string
}

/**
 * The upload-limit line (spec/transfers.md §1–2), from plan data (product.md §1): visitors and
 * the free plan see 'Up to 50 GiB free' with 'Increase limit'; a paid plan 'Up to 2 TiB per
 * transfer'.
 */
export function UploadLimitLine({ limits, limitsKnown, isAuthenticated, upgradeTo }: UploadLimitLineProps) {
  const { t } = useTranslation('transfers')
  const formatSize = useFormatFileSize()
  if (!limitsKnown) return <Skeleton height={20} width={220} radius="sm" data-testid="upload-limit-line-loading" />
  const limit = limits.maxTransferBytes === null ? null : formatSize(limits.maxTransferBytes)
  const free = !isAuthenticated || limits.planRole === 'FREE'
  if (free) {
    return (
      <Group justify="space-between" gap="xs" data-testid="upload-limit-line">
        <Text size="sm" fw={500} c="dimmed">
          {limit === null ? t('limit.unlimited') : t('limit.free', { limit })}
        </Text>
        <Anchor component={Link} to={upgradeTo} size="sm" fw={600}>
          {t('limit.increase')}
        </Anchor>
      </Group>
    )
  }
  return (
    <Text size="sm" fw={500} c="dimmed" data-testid="upload-limit-line">
      {limit === null ? t('limit.unlimited') : t('limit.perTransfer', { limit })}
    </Text>
  )
}
