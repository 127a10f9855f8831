import { authModal } from '../../features/auth/index.js'
import { PlanConfigAlert, type PlanLimitsState, usePlanComparison } from '../../features/plans/index.js'
import { SendFilesPanel, type SendFilesPanelProps, type TransferFormState } from '../../features/transfers/index.js'
import { UploadPicker, type UploadQueue } from '../../features/uploads/index.js'
import { paths, transferPath } from '../../lib/paths.js'

export interface SendTabProps {
  /** The page owns the queue, the plan limits and the form, so switching tabs keeps them. */
  uploads: UploadQueue
  isAuthenticated: boolean
  plan: PlanLimitsState
  form: TransferFormState
  /** The sender's plan has password_protection (false while unknown: the field appears once it is known). */
  passwordInPlan: boolean
  sftpInPlan: boolean
  /** The sender's plan has max_document_features.clean_data_room (null while unknown). */
  dataRoomInPlan: boolean | null
  /** The organization's background choice, for members whose plan has custom_background. */
  backgroundChoice?: SendFilesPanelProps['backgroundChoice']
}

const openLogin = () => authModal.open('login')

/** The Send files tab: the picker and the transfer form; the plan comparison is fetched while it is open. */
export function SendTab({
  uploads,
  isAuthenticated,
  plan,
  form,
  passwordInPlan,
  sftpInPlan,
  dataRoomInPlan,
  backgroundChoice,
}: SendTabProps) {
  const comparison = usePlanComparison()
  return (
    <SendFilesPanel
      upgradeTo={paths.upgrade}
      transferTo={transferPath}
      picker={
        <UploadPicker
          queue={uploads}
          signedIn={isAuthenticated}
          onLogin={openLogin}
          // Only the plan's own limit refuses files: the fallbacks are guesses (spec/transfers.md §9).
          maxFileBytes={plan.loaded ? plan.limits.maxTransferBytes : null}
          upgradeTo={paths.upgrade}
        />
      }
      form={form}
      limits={plan.limits}
      passwordInPlan={passwordInPlan}
      sftpInPlan={sftpInPlan}
      dataRoomInPlan={dataRoomInPlan}
      backgroundChoice={backgroundChoice}
      limitsKnown={plan.loaded || plan.notice?.kind === 'gaveUp'}
      isAuthenticated={isAuthenticated}
      comparison={comparison}
      planNotice={<PlanConfigAlert notice={plan.notice} />}
    />
  )
}
