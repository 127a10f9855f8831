import { Alert, Center, Loader } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** An analytics answer's three states: a loader while it comes, an alert if it failed, else what `children` draws of it. */
export function Loaded<T>({
  query,
  errorTestId,
  children,
}: {
  query: UseQueryResult<T>
  errorTestId: string
  children(data: T): ReactNode
}) {
  const { t } = useTranslation('analytics')
  if (query.isPending)
    return (
      <Center mih={160} aria-busy="true">
        <Loader role="status" type="dots" aria-label={t('loading')} />
      </Center>
    )
  if (query.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid={errorTestId}>
        {t('loadFailed')}
      </Alert>
    )
  return children(query.data)
}
