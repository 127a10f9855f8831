export { useCurrentBranding } from './api/branding-api.js'
export { BrandBackdrop, type BrandBackdropProps } from './components/brand-backdrop.js'
export { BrandingSettings } from './components/branding-settings.js'
