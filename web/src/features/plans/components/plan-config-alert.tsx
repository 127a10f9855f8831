import { Alert } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { PlanLimitsNotice } from '../form-limits.js'

export interface PlanConfigAlertProps {
  notice: PlanLimitsNotice
}

/** The yellow 'Plan Configuration' alert of spec/transfers.md §2, with the messages of spec/transfers.md §8. */
export function PlanConfigAlert({ notice }: PlanConfigAlertProps) {
  const { t } = useTranslation('plans')
  if (!notice) return null
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('config.title')}
      icon={<IconAlertTriangle size={18} />}
      data-testid="plan-config-alert"
    >
      {notice.kind === 'retrying'
        ? t('config.attemptFailed', { n: notice.attempt })
        : t('config.gaveUp', { attempts: notice.attempts })}
    </Alert>
  )
}
