import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { SetPasswordView } from '../../features/admin/index.js'
import { paths } from '../../lib/paths.js'

/** /set-password?token=… (DECISIONS 4): where an admin-created user chooses their password. */
export function SetPasswordPage() {
  const { t } = useTranslation(['admin', 'common'])
  const [params] = useSearchParams()
  useDocumentTitle(`${t('setPassword.title')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size="sm" py={{ base: 'lg', sm: 40 }}>
      <SetPasswordView token={params.get('token') ?? ''} loginTo={paths.login} />
    </Container>
  )
}
