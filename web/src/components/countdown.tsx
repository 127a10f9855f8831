import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { countdownParts } from './countdown-parts.js'

export interface CountdownProps {
  /** The instant it counts down to (ISO 8601 or a Date). */
  to: string | Date
  /** Called once when the instant passes while shown. */
  onEnd?: () => void
  /** Shown once it has passed. */
  endedText?: string
}

const tickMs = 15_000

/** Time left until `to`, live: '6d 23h' or '3h 12m' (spec/transfers.md §5), in the UI's language. */
export function Countdown({ to, onEnd, endedText = '' }: CountdownProps) {
  const { t } = useTranslation('common')
  const target = new Date(to).getTime()
  const [now, setNow] = useState(() => Date.now())
  const left = target - now

  useEffect(() => {
    if (!(target - Date.now() > 0)) return
    // Ticks often enough for minutes, and exactly at the end.
    const interval = setInterval(() => setNow(Date.now()), tickMs)
    const end = setTimeout(() => setNow(Date.now()), Math.min(target - Date.now() + 50, 2 ** 31 - 1))
    return () => {
      clearInterval(interval)
      clearTimeout(end)
    }
  }, [target])

  const ended = !(left > 0)
  const wasEnded = useRef(ended)
  const onEndRef = useRef(onEnd)
  onEndRef.current = onEnd
  useEffect(() => {
    if (ended && !wasEnded.current) onEndRef.current?.()
    wasEnded.current = ended
  }, [ended])

  const parts = countdownParts(left)
  if (!parts) return <>{endedText}</>
  return (
    <>
      {parts.unit === 'days'
        ? t('countdown.daysHours', { days: parts.days, hours: parts.hours })
        : t('countdown.hoursMinutes', { hours: parts.hours, minutes: parts.minutes })}
    </>
  )
}
