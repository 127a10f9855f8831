export { type AnalyticsPeriod, periodFromSearch } from './analytics-period.js'
export { AnalyticsPanel, type AnalyticsPanelProps } from './components/analytics-panel.js'
export { AnalyticsPreview, type AnalyticsPreviewProps } from './components/analytics-preview.js'
export { TransferAnalytics } from './components/transfer-analytics.js'
