import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { ShareView } from '../../features/transfers/index.js'
import { paths } from '../../lib/paths.js'

/** /share/{id} (spec/transfers.md §2), public: what was sent; `?t=` is the recipient's tracking id. */
export function SharePage() {
  const { t } = useTranslation(['transfers', 'common'])
  const { id = '' } = useParams()
  const [searchParams] = useSearchParams()
  useDocumentTitle(`${t('share.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <ShareView uniqueId={id} trackingId={searchParams.get('t')} homeTo={paths.home} />
    </Container>
  )
}
