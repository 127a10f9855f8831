import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { TestCheckoutView } from '../../features/billing/index.js'

/** /checkout/test/{sessionId} (product.md §6), behind RequireAuth: the built-in test checkout. */
export function TestCheckoutPage() {
  const { t } = useTranslation(['billing', 'common'])
  const { sessionId = '' } = useParams()
  useDocumentTitle(`${t('testCheckout.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  return (
    <Container size={640} py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <TestCheckoutView sessionId={sessionId} />
    </Container>
  )
}
