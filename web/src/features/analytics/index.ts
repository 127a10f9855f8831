export { type AnalyticsPeriod, periodFromSearch } from './analytics-period.js'
export type { AnalyticsPanelProps } from './components/analytics-panel.js'
export { AnalyticsPreview, type AnalyticsPreviewProps } from './components/analytics-preview.js'
export { AnalyticsPanel, TransferAnalytics } from './components/lazy-views.js'
