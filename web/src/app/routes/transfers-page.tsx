import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../features/auth/index.js'
import { inRecoveryGrace, RecoverTransferButton, useMyPlan } from '../../features/billing/index.js'
import { TransferList } from '../../features/transfers/index.js'
import { loginPath, paths, transferPath } from '../../lib/paths.js'

export const transferDetailPath = transferPath

/** /transfers (spec/transfers.md §2), behind RequireAuth: My Transfers; expired ones in their grace offer recovery (product.md §3). */
export function TransfersPage() {
  const { t } = useTranslation(['transfers', 'common'])
  const { user } = useSession()
  const recoverable = useMyPlan(user?.id ?? null).data?.plan.recovery_allowed ?? false
  useDocumentTitle(`${t('list.title')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size="xl" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <TransferList
        scope="own"
        title={t('list.title')}
        // The spec's button goes to /upload; the Send tab lives on the home page here.
        newTransferTo={paths.home}
        loginTo={loginPath(paths.transfers)}
        detailPath={transferPath}
        rowAction={(transfer) =>
          recoverable && inRecoveryGrace(transfer) ? <RecoverTransferButton transferId={transfer.id} /> : null
        }
      />
    </Container>
  )
}
