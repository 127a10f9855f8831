import { Alert } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface ErrorAlertProps {
  title?: ReactNode
  onClose: () => void
  'data-testid'?: string
  children: ReactNode
}

/** The red, dismissible alert every form and list shows when an action failed. */
export function ErrorAlert({ title, onClose, children, ...rest }: ErrorAlertProps) {
  const { t } = useTranslation('common')
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={18} />}
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={onClose}
      data-testid={rest['data-testid']}
    >
      {children}
    </Alert>
  )
}
