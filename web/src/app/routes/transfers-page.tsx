import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { TransferList } from '../../features/transfers/index.js'
import { loginPath, paths } from '../../lib/paths.js'

export const transferDetailPath = (id: string) => `${paths.transfers}/${encodeURIComponent(id)}`

/** /transfers (000 §2), behind RequireAuth: My Transfers. */
export function TransfersPage() {
  const { t } = useTranslation(['transfers', 'common'])
  useDocumentTitle(`${t('list.title')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size="xl" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <TransferList
        scope="own"
        title={t('list.title')}
        // The spec's button goes to /upload; the Send tab lives on the home page here.
        newTransferTo={paths.home}
        loginTo={loginPath(paths.transfers)}
        detailPath={transferDetailPath}
      />
    </Container>
  )
}
