import type { Plan } from '@ferry/contracts/api/plans'
import { List } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { type PlanFeatureLine, planFeatureLines } from '../plan-features.js'
import { usePlanText } from './use-plan-text.js'

/** A plan's features as a checked list (upgrade success, profile). */
export function PlanFeatureList({ plan }: { plan: Plan }) {
  const { t } = useTranslation('billing')
  const text = usePlanText()
  const line = (feature: PlanFeatureLine): string => {
    switch (feature.key) {
      case 'size':
        return feature.size ? t('features.size', { size: text.size(feature.size) }) : t('features.sizeUnlimited')
      case 'expiry':
        return feature.duration
          ? t('features.expiry', { duration: text.duration(feature.duration) })
          : t('features.expiryUnlimited')
      case 'monthly':
        return feature.size ? t('features.monthly', { size: text.size(feature.size) }) : t('features.monthlyUnlimited')
      case 'recipients':
        return t('features.recipients', { count: feature.count })
      case 'roomUsers':
        return t('features.roomUsers', { count: feature.count })
      default:
        return t(`features.${feature.key}`)
    }
  }
  return (
    <List
      spacing={4}
      size="sm"
      icon={<IconCheck size={16} color="var(--mantine-color-green-6)" />}
      data-testid="plan-features"
    >
      {planFeatureLines(plan).map((feature) => (
        <List.Item key={feature.key}>{line(feature)}</List.Item>
      ))}
    </List>
  )
}
