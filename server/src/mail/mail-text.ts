import { formatFileSize } from '@ferry/contracts/domain/file-size'
import { defaultLanguage, formatLocaleOf, type Language, languages } from '@ferry/contracts/domain/languages'
import i18next, { type TFunction } from 'i18next'
import { type MailNamespace, mailCatalogues } from './mail-catalogues.js'

const i18n = i18next.createInstance()
// Catalogues are bundled, so initialisation finishes before init returns.
void i18n.init({
  resources: mailCatalogues,
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  ns: Object.keys(mailCatalogues.en),
  interpolation: { escapeValue: false },
  initAsync: false,
})

/** What an email needs to be written in one language. */
export interface MailText<Ns extends MailNamespace> {
  language: Language
  /** The namespace's texts (plural forms by `count`). */
  t: TFunction<Ns>
  /** A date and time as people of the language write it, in UTC: 'November 26, 2026 at 3:14 PM UTC'. */
  date(value: Date): string
  /** A calendar day in UTC, without the time: 'November 26, 2026'. */
  day(value: Date): string
  /** An amount of euro cents as money: '€99.00', '99,00 €'. */
  money(cents: number): string
  /** A size as Ferry shows sizes everywhere, with the language's number format. */
  size(bytes: number): string
}

const dateFormats = Object.fromEntries(
  languages.map((language) => [
    language,
    new Intl.DateTimeFormat(formatLocaleOf[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
  ]),
) as Record<Language, Intl.DateTimeFormat>

const dayFormats = Object.fromEntries(
  languages.map((language) => [
    language,
    new Intl.DateTimeFormat(formatLocaleOf[language], { dateStyle: 'long', timeZone: 'UTC' }),
  ]),
) as Record<Language, Intl.DateTimeFormat>

const moneyFormats = Object.fromEntries(
  languages.map((language) => [
    language,
    new Intl.NumberFormat(formatLocaleOf[language], { style: 'currency', currency: 'EUR' }),
  ]),
) as Record<Language, Intl.NumberFormat>

/**
 * The texts of one email namespace in `language` (server/src/locales/{language}/{ns}.json).
 * Emails are written in the language of the person whose action sent them: the sender of a
 * transfer, the owner of a request link, the account of a set-password link.
 */
export function mailText<Ns extends MailNamespace>(language: Language, ns: Ns): MailText<Ns> {
  return {
    language,
    t: i18n.getFixedT(language, ns),
    date: (value) => `${dateFormats[language].format(value)} UTC`,
    day: (value) => dayFormats[language].format(value),
    money: (cents) => moneyFormats[language].format(cents / 100),
    size: (bytes) => formatFileSize(bytes, { locale: language }),
  }
}
