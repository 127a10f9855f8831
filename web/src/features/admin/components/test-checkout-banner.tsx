import { systemApi } from '@ferry/contracts/routes/system'
import { Alert } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { apiClient } from '../../../lib/api-client.js'

/**
 * Warns admins while the built-in test checkout runs (GET /api/system/config says
 * `payments: 'test'`): anyone can then give themselves a paid plan (product.md §6).
 */
export function TestCheckoutBanner() {
  const { t } = useTranslation('admin')
  const payments = useQuery({
    queryKey: ['system', 'config', 'payments'],
    queryFn: async ({ signal }) => (await apiClient.call(systemApi.config, {}, { signal })).payments ?? null,
    staleTime: 60_000,
  })
  if (payments.data !== 'test') return null
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('testCheckout.title')}
      data-testid="test-checkout-banner"
    >
      {t('testCheckout.message')}
    </Alert>
  )
}
