export { RequestFilesPanel, type RequestFilesPanelProps } from './components/request-files-panel.js'
export { UploadRequestView, type UploadRequestViewProps } from './components/upload-request-view.js'
export type { RequestUploadFiles } from './request-guardrails.js'
export { parseRequestView, type RequestView, requestViews } from './request-views.js'
