import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { TransferDetail } from '../../features/transfers/index.js'
import { paths } from '../../lib/paths.js'

/** /transfers/{id} (000 §2), behind RequireAuth. */
export function TransferDetailPage() {
  const { t } = useTranslation(['transfers', 'common'])
  const { id = '' } = useParams()
  useDocumentTitle(`${t('detail.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size={760} py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <TransferDetail id={id} backTo={paths.transfers} />
    </Container>
  )
}
