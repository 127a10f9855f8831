import { maxDownloadsMax, maxDownloadsMin } from '@ferry/contracts/api/transfers'
import { NumberInput, Switch } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** A download limit as typed: a whole number within 1–100, or null when the field is empty (no limit). */
export function toMaxDownloads(value: string | number): number | null {
  if (value === '' || value === null) return null
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isInteger(n)) return null
  return Math.min(maxDownloadsMax, Math.max(maxDownloadsMin, n))
}

export interface DownloadLimitInputProps {
  value: number | null
  onChange(value: number | null): void
  disabled?: boolean
  testId: string
}

/** "Download limit": 1 to 100 completed downloads, empty for unlimited (issue 18 item 2). */
export function DownloadLimitInput({ value, onChange, disabled, testId }: DownloadLimitInputProps) {
  const { t } = useTranslation('transfers')
  return (
    <NumberInput
      label={t('downloadLimit.label')}
      description={t('downloadLimit.description')}
      placeholder={t('downloadLimit.unlimited')}
      min={maxDownloadsMin}
      max={maxDownloadsMax}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      value={value ?? ''}
      onChange={(next) => onChange(toMaxDownloads(next))}
      disabled={disabled}
      maw={260}
      data-testid={testId}
    />
  )
}

export interface BurnSwitchProps {
  checked: boolean
  onChange(checked: boolean): void
  disabled?: boolean
  testId: string
}

/** "Delete after every recipient has downloaded". */
export function BurnSwitch({ checked, onChange, disabled, testId }: BurnSwitchProps) {
  const { t } = useTranslation('transfers')
  return (
    <Switch
      label={t('downloadLimit.burnLabel')}
      description={t('downloadLimit.burnDescription')}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      disabled={disabled}
      data-testid={testId}
    />
  )
}
