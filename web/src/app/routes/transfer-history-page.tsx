import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../features/auth/index.js'
import { TransferHistory } from '../../features/rooms/index.js'

/** /transfer-history (spec/transfers.md §2), behind RequireAuth. */
export function TransferHistoryPage() {
  const { t } = useTranslation(['rooms', 'common'])
  const { user } = useSession()
  useDocumentTitle(`${t('history.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size="xl" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <TransferHistory userId={user?.id} />
    </Container>
  )
}
