import type { mailCatalogues } from './mail-catalogues.js'

// The server's only i18next texts are the emails': English is the source of the keys, so a
// typo in t('...') fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'mail'
    resources: (typeof mailCatalogues)['en']
  }
}
