import { Alert, Center, Container, Loader } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useSession } from '../../features/auth/index.js'
import { PlanSignupTable } from '../../features/billing/index.js'
import { usePlans } from '../../features/plans/index.js'
import { loginPath } from '../../lib/paths.js'

/** /subscribe (spec/accounts.md §2 Plan signup page): 'Choose a Plan'. */
export function SubscribePage() {
  const { t } = useTranslation(['billing', 'common'])
  const { user, isAdmin } = useSession()
  const { pathname } = useLocation()
  const plans = usePlans()
  useDocumentTitle(`${t('subscribe.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size={760} py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      {plans.isPending ? (
        <Center mih="30vh">
          <Loader type="dots" />
        </Center>
      ) : plans.isError ? (
        <Alert color="red" variant="light">
          {t('upgrade.loadFailed')}
        </Alert>
      ) : (
        <PlanSignupTable plans={plans.data} user={user && { id: user.id, isAdmin }} loginTo={loginPath(pathname)} />
      )}
    </Container>
  )
}
