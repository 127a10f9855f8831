import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../lib/i18n.js'

/** product.md §11: US English dates in English, Spanish (Spain) formats in Spanish. */
export const dateLocales = { en: 'en-US', es: 'es-ES' } as const

export type DateFormatStyle = 'dateTime' | 'date'

/** Formats an ISO date or Date in the UI's language: 'Jan 5, 2025, 3:04 PM' / '5 ene 2025, 15:04'. */
export function useFormatDate(): (value: string | Date | null | undefined, style?: DateFormatStyle) => string {
  const { i18n } = useTranslation()
  const locale = dateLocales[currentLanguage(i18n)]
  const formats = useMemo(
    () => ({
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }),
    }),
    [locale],
  )
  return useCallback(
    (value, style = 'dateTime') => {
      if (value === null || value === undefined) return ''
      const date = value instanceof Date ? value : new Date(value)
      return Number.isNaN(date.getTime()) ? '' : formats[style].format(date)
    },
    [formats],
  )
}
