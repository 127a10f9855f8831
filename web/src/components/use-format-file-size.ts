import { formatFileSize, formatSpeed } from '@ferry/contracts/domain/file-size'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../lib/i18n.js'

/** `formatFileSize` in the language the UI is showing ('2.4 MiB' / '2,4 MiB'; docs/product.md §11). */
export function useFormatFileSize(): (bytes: number) => string {
  const { i18n } = useTranslation()
  const locale = currentLanguage(i18n)
  return useCallback((bytes) => formatFileSize(bytes, { locale }), [locale])
}

/** `formatSpeed` in the language the UI is showing ('4.4 MiB/s' / '4,4 MiB/s'). */
export function useFormatSpeed(): (bytesPerSecond: number) => string {
  const { i18n } = useTranslation()
  const locale = currentLanguage(i18n)
  return useCallback((bytesPerSecond) => formatSpeed(bytesPerSecond, { locale }), [locale])
}
