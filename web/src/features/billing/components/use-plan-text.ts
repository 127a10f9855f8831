import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormatFileSize } from '../../../components/use-format-file-size.js'
import { useFormatMoney } from '../../../components/use-format-money.js'
import type { DurationDisplay, PriceDisplay, SizeDisplay } from '../plan-display.js'

/** The words for a plan's price, size and duration figures, in the UI's language. */
export function usePlanText() {
  const { t } = useTranslation('billing')
  const money = useFormatMoney()
  const formatSize = useFormatFileSize()
  const price = useCallback(
    (display: PriceDisplay) => {
      if (display.kind === 'free') return t('price.free')
      if (display.kind === 'contact') return t('price.contact')
      const amount = money(display.amount)
      return display.per === 'yearly' ? t('price.perYear', { amount }) : t('price.perMonth', { amount })
    },
    [t, money],
  )
  const size = useCallback(
    (display: SizeDisplay) => (display === null ? t('comparison.unlimited') : formatSize(display.bytes)),
    [t, formatSize],
  )
  const duration = useCallback(
    (display: DurationDisplay) => {
      if (display === null) return t('comparison.unlimited')
      return display.unit === 'days'
        ? t('comparison.days', { count: display.count })
        : t('comparison.hours', { count: display.count })
    },
    [t],
  )
  return { price, size, duration, money }
}
