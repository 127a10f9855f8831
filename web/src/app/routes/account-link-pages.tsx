import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { ConfirmEmailChangeView } from '../../features/account/index.js'
import { ResetPasswordView } from '../../features/auth/index.js'
import { paths } from '../../lib/paths.js'

/** The emailed link's token: in the fragment, so it never reaches a server log. */
const useFragmentToken = () => new URLSearchParams(useLocation().hash.replace(/^#/, '')).get('token') ?? ''

/** /reset-password#token=… (product.md §23). */
export function ResetPasswordPage() {
  const { t } = useTranslation(['account', 'common'])
  useDocumentTitle(`${t('reset.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  const token = useFragmentToken()
  return (
    <Container size="sm" py={{ base: 'lg', sm: 40 }}>
      <ResetPasswordView token={token} />
    </Container>
  )
}

/** /confirm-email-change#token=… (product.md §23): the new address confirms the change. */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation(['account', 'common'])
  useDocumentTitle(`${t('emailChange.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  const token = useFragmentToken()
  return (
    <Container size="sm" py={{ base: 'lg', sm: 40 }}>
      <ConfirmEmailChangeView token={token} profilePath={paths.profile} homePath={paths.home} />
    </Container>
  )
}
