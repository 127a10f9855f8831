import { limitsFor } from '@ferry/contracts/domain/plan-limits'
import { Container } from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { AnalyticsPreview, TransferAnalytics } from '../../features/analytics/index.js'
import { useSession } from '../../features/auth/index.js'
import { inRecoveryGrace, RecoverTransferPanel, useMyPlan } from '../../features/billing/index.js'
import { BackgroundChoice, useCurrentBranding } from '../../features/branding/index.js'
import { TransferDetail } from '../../features/transfers/index.js'
import { UploadPicker, useUploadQueue } from '../../features/uploads/index.js'
import { paths } from '../../lib/paths.js'
import { useAnalyticsPlans } from './use-analytics-plans.js'

/** /transfers/{id} (spec/transfers.md §2), behind RequireAuth; an expired transfer in its grace offers recovery (product.md §3). */
export function TransferDetailPage() {
  const { t } = useTranslation(['transfers', 'common'])
  const { id = '' } = useParams()
  const { user } = useSession()
  const myPlan = useMyPlan(user?.id ?? null)
  useDocumentTitle(`${t('detail.pageTitle')} · ${t('brand', { ns: 'common' })}`)
  const plan = myPlan.data?.plan
  // Files added after sending upload as on the send form, then the detail attaches them (issue 18 item 4).
  const uploads = useUploadQueue({ autoStart: Boolean(user) })
  const limits = plan ? limitsFor(plan) : null
  const analyticsPlans = useAnalyticsPlans('analytics_access')
  // The organization's background for recipients, for a member whose plan has custom_background.
  const branding = useCurrentBranding(Boolean(user))
  const organizationId = branding.data?.features.custom_background ? branding.data.organization_id : null
  return (
    <Container size={760} py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <TransferDetail
        id={id}
        backTo={paths.transfers}
        viewerId={user?.id ?? null}
        passwordInPlan={plan?.password_protection ?? false}
        editLimits={limits ? { maxExpiryHours: limits.maxExpiryHours, maxRecipients: limits.maxRecipients } : undefined}
        uploads={
          limits
            ? {
                picker: <UploadPicker queue={uploads} signedIn maxFileBytes={limits.maxTransferBytes} />,
                completed: uploads.completed,
                allDone: uploads.allDone,
                clear: uploads.clear,
              }
            : undefined
        }
        sftpInPlan={plan?.sftp_download ?? false}
        dataRoomInPlan={plan ? plan.max_document_features.clean_data_room : null}
        upgradeTo={paths.upgrade}
        backgroundChoice={
          organizationId
            ? (choice) => <BackgroundChoice organizationId={organizationId} testIdPrefix="detail" {...choice} />
            : undefined
        }
        belowTracking={(transfer) =>
          // Issue 21: the sender's analytics, or what they would show on a plan without them.
          plan && transfer.user_id === user?.id ? (
            plan.analytics_access ? (
              <TransferAnalytics transferId={transfer.id} />
            ) : (
              <AnalyticsPreview
                kind="transfer"
                plans={analyticsPlans}
                upgradeTo={paths.upgrade}
                plansTo={paths.plans}
              />
            )
          ) : null
        }
        footer={(transfer) =>
          plan?.recovery_allowed && transfer.user_id === user?.id && inRecoveryGrace(transfer) ? (
            <RecoverTransferPanel transferId={transfer.id} price={plan.single_transfer_price} />
          ) : null
        }
      />
    </Container>
  )
}
