export { billingApi } from './api/billing-api.js'
export { billingKeys, useMyPlan } from './api/billing-queries.js'
export { CurrentPlanCard, type CurrentPlanCardProps } from './components/current-plan-card.js'
export { PlanSignupTable, type PlanSignupTableProps } from './components/plan-signup-table.js'
export {
  inRecoveryGrace,
  RecoverTransferButton,
  RecoverTransferPanel,
  type RecoverTransferPanelProps,
} from './components/recover-transfer-panel.js'
export { RecoverySuccessView, type RecoverySuccessViewProps } from './components/recovery-success-view.js'
export { SubscriptionDetailsCard } from './components/subscription-details-card.js'
export { TestCheckoutView } from './components/test-checkout-view.js'
export { UpgradeSuccessView } from './components/upgrade-success-view.js'
export { UpgradeView, type UpgradeViewProps } from './components/upgrade-view.js'
