import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { currentLanguage } from '../../../lib/i18n.js'
import { durationParts } from '../transfer-rate.js'
import type { UploadFailure } from '../upload-error.js'

/** The picker's numbers and messages in the UI's language. */
export function useUploadText() {
  const { t, i18n } = useTranslation('uploads')
  const formatSize = useFormatFileSize()
  const locale = currentLanguage(i18n)
  const percentFormat = useMemo(
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
    [locale],
  )

  const percent = useCallback(
    (fraction: number) => percentFormat.format(Math.floor(fraction * 100) / 100),
    [percentFormat],
  )
  const speed = useCallback(
    (bytesPerSecond: number) => t('progress.speed', { speed: formatSize(bytesPerSecond) }),
    [t, formatSize],
  )

  const duration = useCallback(
    (totalSeconds: number) => {
      const { hours, minutes, seconds } = durationParts(totalSeconds)
      if (hours > 0) return t('duration.hours', { hours, minutes })
      if (minutes > 0) return t('duration.minutes', { minutes, seconds })
      return t('duration.seconds', { seconds })
    },
    [t],
  )

  /** spec/transfers.md §8's message for the failed step; the server's reason fills {message}. */
  const failure = useCallback(
    (error: UploadFailure, fileName: string): { message: string; reason: string | null } => {
      const reason =
        error.serverCode && i18n.exists(error.serverCode, { ns: 'errors' })
          ? i18n.t(error.serverCode as 'generic', { ns: 'errors' })
          : (error.detail ?? null)
      if (error.code === 'upload_failed') {
        return {
          message: t('errors.upload_failed', { file: fileName, message: reason ?? t('errors.unknown') }),
          reason: null,
        }
      }
      return { message: t(`errors.${error.code}`), reason }
    },
    [t, i18n],
  )

  return { t, formatSize, percent, speed, duration, failure }
}
