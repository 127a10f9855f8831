import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { RecoverySuccessView } from '../../features/billing/index.js'
import { transfersApi } from '../../features/transfers/index.js'
import { transferDetailPath } from './transfers-page.js'

/** /recovery-success?transfer_id&session_id (spec/transfers.md §2): confirms a recovery payment. */
export function RecoverySuccessPage() {
  const { t } = useTranslation(['billing', 'common'])
  const [params] = useSearchParams()
  const navigate = useNavigate()
  useDocumentTitle(`${t('recovery.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  // 'Continue to Transfer' opens its share page (/share/{unique id}); the detail page if that cannot be read.
  const openTransfer = async (transferId: string) => {
    try {
      const transfer = await transfersApi.get(transferId)
      await navigate(`/share/${encodeURIComponent(transfer.unique_id)}`)
    } catch {
      await navigate(transferDetailPath(transferId))
    }
  }
  return (
    <Container size={640} py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <RecoverySuccessView
        transferId={params.get('transfer_id')}
        sessionId={params.get('session_id')}
        onContinue={(id) => void openTransfer(id)}
      />
    </Container>
  )
}
