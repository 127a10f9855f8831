import { Alert, Stack } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorAlert } from '../../../components/error-alert.js'

/** spec/accounts.md §2: what a non-admin sees when the server refuses the dashboard's data. */
export function AccessDenied() {
  const { t } = useTranslation('admin')
  const [errorShown, setErrorShown] = useState(true)
  return (
    <Stack gap="md" data-testid="admin-access-denied">
      {errorShown && (
        <ErrorAlert title={t('errorTitle')} onClose={() => setErrorShown(false)}>
          {t('accessDenied.error')}
        </ErrorAlert>
      )}
      <Alert color="red" variant="filled" title={t('accessDenied.title')} icon={<IconLock size={18} />}>
        {t('accessDenied.message')}
      </Alert>
    </Stack>
  )
}
