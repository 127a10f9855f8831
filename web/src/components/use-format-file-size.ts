import { type FormatFileSizeOptions, formatFileSize } from '@ferry/contracts/domain/file-size'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../lib/i18n.js'

/** `formatFileSize` in the language the UI is showing (spec/transfers.md §5, product.md §11). */
export function useFormatFileSize(): (bytes: number, options?: Omit<FormatFileSizeOptions, 'locale'>) => string {
  const { i18n } = useTranslation()
  const locale = currentLanguage(i18n)
  return useCallback((bytes, options) => formatFileSize(bytes, { ...options, locale }), [locale])
}
