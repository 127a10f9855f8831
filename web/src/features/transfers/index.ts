export { useShare } from './api/transfer-queries.js'
export { type TransferListScope, type TransfersApi, transfersApi } from './api/transfers-api.js'
export { CommentsPanel, type CommentsPanelProps } from './components/comments-panel.js'
export { ScanMark } from './components/scan-mark.js'
export { SendFilesPanel, type SendFilesPanelProps } from './components/send-files-panel.js'
export { ShareView, type ShareViewProps } from './components/share-view.js'
export { TransferDetail, type TransferDetailProps } from './components/transfer-detail.js'
export { TransferList, type TransferListProps } from './components/transfer-list.js'
export type { TransferFormFiles, TransferFormLimits, UpgradeComparison } from './form-types.js'
export {
  type RecipientFieldProblem,
  type TransferFormState,
  type UseTransferFormOptions,
  useTransferForm,
} from './hooks/use-transfer-form.js'
export {
  type StageBridge,
  useViewer,
  type ViewerAnchor,
  ViewerContext,
  type ViewerContextValue,
  type ViewerSidePanel,
} from './viewer/viewer-context.js'
