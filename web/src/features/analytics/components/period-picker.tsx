import { Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { type AnalyticsPeriod, periodPresets, periodProblem, presetOf, presetPeriod } from '../analytics-period.js'

export interface PeriodPickerProps {
  period: AnalyticsPeriod
  onChange(period: AnalyticsPeriod): void
  /** Today, for the presets (a test passes its own). */
  now?: Date
}

/** The panel's period: the last 7, 30 or 90 days, or any from–to (UTC days, both included). */
export function PeriodPicker({ period, onChange, now = new Date() }: PeriodPickerProps) {
  const { t } = useTranslation('analytics')
  const preset = presetOf(period, now)
  const problem = periodProblem(period)
  return (
    <Stack gap="xs" data-testid="period-picker">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="period-presets-label">
            {t('period.presets')}
          </Text>
          <SegmentedControl
            aria-labelledby="period-presets-label"
            value={preset === null ? 'custom' : String(preset)}
            onChange={(value) => {
              if (value !== 'custom') onChange(presetPeriod(Number(value), now))
            }}
            data={[
              ...periodPresets.map((days) => ({ value: String(days), label: t('period.lastDays', { count: days }) })),
              { value: 'custom', label: t('period.custom'), disabled: true },
            ]}
          />
        </Stack>
        <TextInput
          type="date"
          label={t('period.from')}
          value={period.from}
          max={period.to || undefined}
          onChange={(event) => onChange({ ...period, from: event.currentTarget.value })}
          data-testid="period-from"
        />
        <TextInput
          type="date"
          label={t('period.to')}
          value={period.to}
          min={period.from || undefined}
          onChange={(event) => onChange({ ...period, to: event.currentTarget.value })}
          data-testid="period-to"
        />
      </Group>
      {problem && (
        <Text size="sm" c="red.8" role="alert" data-testid="period-problem">
          {t(`period.problem.${problem}`)}
        </Text>
      )}
    </Stack>
  )
}
