import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../lib/i18n.js'

const moneyLocales = { en: 'en-US', es: 'es-ES' } as const

/** Formats euros (plans and payouts are priced in EUR, spec/accounts.md §9) in the UI's language: '€9.99' / '9,99 €'. */
export function useFormatMoney(): (euros: number) => string {
  const { i18n } = useTranslation()
  const locale = moneyLocales[currentLanguage(i18n)]
  const format = useMemo(
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      }),
    [locale],
  )
  return useCallback((euros: number) => format.format(euros), [format])
}
