import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { ConfirmEmailView } from '../../features/auth/index.js'
import { paths } from '../../lib/paths.js'

/** /confirm-email#token=… (spec/accounts.md §2): the emailed link; the button confirms. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('common')
  const { hash } = useLocation()
  useDocumentTitle(`${t('confirmEmail.pageTitle')} · ${t('brand')}`)
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? ''
  return (
    <Container size="sm" py={{ base: 'lg', sm: 40 }}>
      <ConfirmEmailView token={token} doneTo={paths.home} />
    </Container>
  )
}
