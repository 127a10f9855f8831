import type account from '../locales/en/account.json'
import type admin from '../locales/en/admin.json'
import type analytics from '../locales/en/analytics.json'
import type billing from '../locales/en/billing.json'
import type branding from '../locales/en/branding.json'
import type common from '../locales/en/common.json'
import type domains from '../locales/en/domains.json'
import type errors from '../locales/en/errors.json'
import type home from '../locales/en/home.json'
import type legal from '../locales/en/legal.json'
import type organizations from '../locales/en/organizations.json'
import type pages from '../locales/en/pages.json'
import type plans from '../locales/en/plans.json'
import type promotions from '../locales/en/promotions.json'
import type requestLinks from '../locales/en/requestLinks.json'
import type rooms from '../locales/en/rooms.json'
import type tools from '../locales/en/tools.json'
import type transfers from '../locales/en/transfers.json'
import type uploads from '../locales/en/uploads.json'
import type viewer from '../locales/en/viewer.json'

// English is the source of truth for keys: a typo in t('...') fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: {
      common: typeof common
      billing: typeof billing
      branding: typeof branding
      admin: typeof admin
      analytics: typeof analytics
      account: typeof account
      home: typeof home
      errors: typeof errors
      uploads: typeof uploads
      plans: typeof plans
      transfers: typeof transfers
      requestLinks: typeof requestLinks
      rooms: typeof rooms
      tools: typeof tools
      pages: typeof pages
      legal: typeof legal
      viewer: typeof viewer
      promotions: typeof promotions
      organizations: typeof organizations
      domains: typeof domains
    }
  }
}
