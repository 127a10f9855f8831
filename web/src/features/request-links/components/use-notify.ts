import { notifications } from '@mantine/notifications'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

/** A short notice in the corner, whose close button says what it does (axe: button-name). */
export function useNotify(): (message: string, color?: string) => void {
  const { t } = useTranslation('common')
  return useCallback(
    (message, color) => notifications.show({ message, color, closeButtonProps: { 'aria-label': t('close') } }),
    [t],
  )
}
