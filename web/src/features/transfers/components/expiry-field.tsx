import { Anchor, Select } from '@mantine/core'
import { IconClock } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { expiryOptions, expiryParts } from '../expiry-options.js'

export interface ExpiryFieldProps {
  /** The plan's longest expiry in hours (null: the unlimited plans' bound). */
  maxExpiryHours: number | null
  /** Hours chosen; null is the default, the plan's maximum. */
  value: number | null
  onChange(hours: number | null): void
  /** Where a free plan is offered longer links; none on a paid plan. */
  upgradeTo?: string
  disabled?: boolean
}

/** How long the link works (POST /api/transfers `expires_in_hours`), up to the plan's maximum. */
export function ExpiryField({ maxExpiryHours, value, onChange, upgradeTo, disabled }: ExpiryFieldProps) {
  const { t } = useTranslation('transfers')
  const options = expiryOptions(maxExpiryHours)
  const fallback = options.find((option) => option.isDefault)?.hours ?? options.at(-1)?.hours ?? 24
  const longest = options.at(-1)?.hours
  const duration = (hours: number) => {
    const { unit, count } = expiryParts(hours)
    return t(`expiry.${unit}`, { count })
  }
  const data = options.map(({ hours }) => ({
    value: String(hours),
    label:
      hours === longest && maxExpiryHours !== null
        ? t('expiry.longest', { duration: duration(hours) })
        : duration(hours),
  }))
  const selected = value !== null && options.some((option) => option.hours === value) ? value : fallback

  return (
    <Select
      label={t('expiry.label')}
      leftSection={<IconClock size={16} />}
      data={data}
      value={String(selected)}
      allowDeselect={false}
      // The default is left unsent: the server gives the plan's maximum.
      onChange={(next) => onChange(next === null || Number(next) === fallback ? null : Number(next))}
      description={
        upgradeTo ? (
          <Anchor component={Link} to={upgradeTo} size="xs">
            {t('expiry.upgrade')}
          </Anchor>
        ) : undefined
      }
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      data-testid="transfer-expiry"
    />
  )
}
