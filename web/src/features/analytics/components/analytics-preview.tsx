import { formatLocaleOf } from '@ferry/contracts/domain/languages'
import { SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core'
import {
  type Icon,
  IconChartBar,
  IconDeviceDesktop,
  IconFileSpreadsheet,
  IconFiles,
  IconFilter,
  IconWorld,
} from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { UpgradeCard } from '../../../components/upgrade-card.js'
import { currentLanguage } from '../../../lib/i18n.js'

export interface AnalyticsPreviewProps {
  /** The per-transfer view (on a transfer's page) or the account's panel (its own page). */
  kind: 'transfer' | 'panel'
  /** The plans that have the feature, named in the UI's language ('Business, Enterprise'); empty while loading. */
  plans: readonly string[]
  upgradeTo: string
  plansTo: string
}

type PreviewPart = 'funnel' | 'overTime' | 'files' | 'countries' | 'devices' | 'csv' | 'totals'

const parts: Record<AnalyticsPreviewProps['kind'], readonly [PreviewPart, Icon][]> = {
  transfer: [
    ['funnel', IconFilter],
    ['overTime', IconChartBar],
    ['files', IconFiles],
    ['countries', IconWorld],
    ['devices', IconDeviceDesktop],
    ['csv', IconFileSpreadsheet],
  ],
  panel: [
    ['totals', IconChartBar],
    ['files', IconFiles],
    ['countries', IconWorld],
    ['devices', IconDeviceDesktop],
    ['csv', IconFileSpreadsheet],
  ],
}

/**
 * What analytics would show, for a plan without them (issue 21 item 6): each part described, with
 * no made-up figures, and the way to a plan that has them. The recipient ticks every plan gets stay
 * where they are.
 */
export function AnalyticsPreview({ kind, plans, upgradeTo, plansTo }: AnalyticsPreviewProps) {
  const { t, i18n } = useTranslation('analytics')
  const list = new Intl.ListFormat(formatLocaleOf[currentLanguage(i18n)], { style: 'long', type: 'conjunction' })
  return (
    <UpgradeCard
      title={kind === 'transfer' ? t('preview.transferTitle') : t('preview.panelTitle')}
      body={plans.length > 0 ? t('preview.bodyWithPlans', { plans: list.format(plans) }) : t('preview.body')}
      upgradeTo={upgradeTo}
      upgradeLabel={t('preview.upgrade')}
      secondary={{ to: plansTo, label: t('preview.comparePlans') }}
      order={kind === 'transfer' ? 3 : 2}
      testId={`analytics-preview-${kind}`}
    >
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2, md: 3 }}
        spacing="md"
        p={0}
        m={0}
        w="100%"
        style={{ listStyle: 'none' }}
      >
        {parts[kind].map(([part, PartIcon]) => (
          <Stack component="li" key={part} gap={6} align="center" ta="center">
            <ThemeIcon variant="light" size={44} radius="xl" aria-hidden>
              <PartIcon size={24} />
            </ThemeIcon>
            <Text fw={600} size="sm">
              {t(`preview.parts.${part}.title`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`preview.parts.${part}.text`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </UpgradeCard>
  )
}
