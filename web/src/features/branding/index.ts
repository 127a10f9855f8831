export { useCurrentBranding } from './api/branding-api.js'
export { BackgroundChoice, type BackgroundChoiceProps } from './components/background-choice.js'
export { BrandBackdrop, type BrandBackdropProps } from './components/brand-backdrop.js'
export { BrandingSettings } from './components/branding-settings.js'
