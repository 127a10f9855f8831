import { formatLocaleOf } from '@ferry/contracts/domain/languages'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage, type Language } from '../lib/i18n.js'

/**
 * A plain number in `language`'s convention ('12,345' / '12.345'; product.md §11), through the same
 * Intl.NumberFormat as sizes, speeds and money.
 */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(formatLocaleOf[language], { maximumFractionDigits: 1 }).format(value)
}

/** `formatNumber` in the language the UI is showing: counts in tables (downloads, transfers, totals). */
export function useFormatNumber(): (value: number) => string {
  const { i18n } = useTranslation()
  const language = currentLanguage(i18n)
  const format = useMemo(
    () => new Intl.NumberFormat(formatLocaleOf[language], { maximumFractionDigits: 1 }),
    [language],
  )
  return useCallback((value: number) => format.format(value), [format])
}
