import enAccount from '../locales/en/account.json' with { type: 'json' }
import enAdmin from '../locales/en/admin.json' with { type: 'json' }
import enAuth from '../locales/en/auth.json' with { type: 'json' }
import enBilling from '../locales/en/billing.json' with { type: 'json' }
import enMail from '../locales/en/mail.json' with { type: 'json' }
import enOrganizations from '../locales/en/organizations.json' with { type: 'json' }
import enRequestLinks from '../locales/en/requestLinks.json' with { type: 'json' }
import enTransfers from '../locales/en/transfers.json' with { type: 'json' }
import esAccount from '../locales/es/account.json' with { type: 'json' }
import esAdmin from '../locales/es/admin.json' with { type: 'json' }
import esAuth from '../locales/es/auth.json' with { type: 'json' }
import esBilling from '../locales/es/billing.json' with { type: 'json' }
import esMail from '../locales/es/mail.json' with { type: 'json' }
import esOrganizations from '../locales/es/organizations.json' with { type: 'json' }
import esRequestLinks from '../locales/es/requestLinks.json' with { type: 'json' }
import esTransfers from '../locales/es/transfers.json' with { type: 'json' }

/**
 * The emails' texts, one namespace per feature that sends mail plus `mail` (the shared layout).
 * English is the source of the keys (mail-i18next.d.ts); a test checks Spanish has each of them.
 * A feature adding an email adds its texts to both languages here.
 */
export const mailCatalogues = {
  en: {
    mail: enMail,
    transfers: enTransfers,
    requestLinks: enRequestLinks,
    admin: enAdmin,
    auth: enAuth,
    account: enAccount,
    billing: enBilling,
    organizations: enOrganizations,
  },
  es: {
    mail: esMail,
    transfers: esTransfers,
    requestLinks: esRequestLinks,
    admin: esAdmin,
    auth: esAuth,
    account: esAccount,
    billing: esBilling,
    organizations: esOrganizations,
  },
}

export type MailNamespace = keyof (typeof mailCatalogues)['en']
