import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearchParams } from 'react-router'
import { SetPasswordView } from '../../features/admin/index.js'
import { paths } from '../../lib/paths.js'

/** The token of the link: in the fragment (`#token=…`, as emailed), or the query (`?token=…`). */
function linkToken(hash: string, search: URLSearchParams): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? search.get('token') ?? ''
}

/** /set-password#token=… (product.md §4): where an admin-created user chooses their password. */
export function SetPasswordPage() {
  const { t } = useTranslation(['admin', 'common'])
  const [params] = useSearchParams()
  const { hash } = useLocation()
  useDocumentTitle(`${t('setPassword.title')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size="sm" py={{ base: 'lg', sm: 40 }}>
      <SetPasswordView token={linkToken(hash, params)} doneTo={paths.home} />
    </Container>
  )
}
