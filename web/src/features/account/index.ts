export { AccountSettingsCard } from './components/account-settings-card.js'
export { ConfirmEmailChangeView } from './components/confirm-email-change-view.js'
export { DataDownloadCard } from './components/data-download-card.js'
export { DeleteAccountCard } from './components/delete-account-card.js'
