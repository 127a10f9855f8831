export { PrivacyView } from './components/privacy-view.js'
export { type TermsPlan, TermsView, type TermsViewProps } from './components/terms-view.js'
