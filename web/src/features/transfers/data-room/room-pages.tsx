import type { DataRoomView } from '@ferry/contracts/api/data-room'
import { Box, Center, Loader } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import { type PointerEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { reportPageSeen } from '../api/data-room-api.js'
import { ownsArrowKeys } from '../viewer/keys.js'
import { PageStepper } from '../viewer/stage-toolbar.js'
import { type PointerMark, swipeDirection } from '../viewer/swipe.js'
import { fitSize, type Size } from '../viewer/zoom.js'
import { PageDwell, type PageSeen } from './page-dwell.js'
import { movePage, type PageMove, pageMoveForKey } from './page-keys.js'
import { RoomMessage } from './room-message.js'
import { roomProblem } from './room-problem.js'
import { useRoomPage } from './use-room-page.js'

export interface RoomPagesProps {
  uniqueId: string
  trackingId: string | null
  fileName: string
  view: DataRoomView
  /** The recipient's confirmation ran out: the share page asks for a code again. */
  onVerificationLost(): void
}

/** Room between the page and the stage's edges, in CSS px. */
const margin = 24

/**
 * The pages of one data-room view: one watermarked image at a time, fitted to the stage, turned
 * with the buttons, the keyboard (←/→, Page Up/Down, Home/End) or a horizontal swipe. How long
 * each page was on screen (with the tab visible) is reported when the viewer leaves it, also as
 * the tab goes away. A refused page (the viewer revoked) replaces the image with the reason.
 */
export function RoomPages({ uniqueId, trackingId, fileName, view, onVerificationLost }: RoomPagesProps) {
  const { t } = useTranslation('viewer')
  const [page, setPage] = useState(1)
  const [attempt, setAttempt] = useState(0)
  const image = useRoomPage(uniqueId, view.view_id, page, trackingId, attempt)
  const [loaded, setLoaded] = useState<{ url: string; size: Size } | null>(null)
  const { ref: stageRef, width, height } = useElementSize<HTMLDivElement>()
  const swipeStart = useRef<PointerMark | null>(null)
  const count = view.pages
  const problem = image?.error !== undefined ? roomProblem(image.error) : null
  // Each page has its own proportions: the size is the shown image's, once it decoded.
  const natural = image?.url && loaded?.url === image.url ? loaded.size : null

  const go = (move: PageMove) => setPage((current) => movePage(current, move, count))

  useEffect(() => {
    if (problem === 'verification') onVerificationLost()
  }, [problem, onVerificationLost])

  // Time on screen: from the image's load to leaving the page, the tab's hidden spells left out.
  const dwell = useRef(new PageDwell())
  const report = useRef<(seen: PageSeen | null) => void>(() => undefined)
  report.current = (seen) => {
    if (seen) reportPageSeen(uniqueId, seen, trackingId)
  }
  const shownPage = image && natural ? image.page : null
  useEffect(() => {
    const now = performance.now()
    report.current(shownPage === null ? dwell.current.finish(now) : dwell.current.show(view.view_id, shownPage, now))
  }, [shownPage, view.view_id])
  useEffect(() => {
    const finishNow = () => report.current(dwell.current.finish(performance.now()))
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') dwell.current.pause(performance.now())
      else dwell.current.resume(performance.now())
    }
    window.addEventListener('pagehide', finishNow)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', finishNow)
      document.removeEventListener('visibilitychange', onVisibility)
      finishNow()
    }
  }, [])

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || ownsArrowKeys(event.target))
        return
      // Space on a focused button presses it; only the page's own keys turn pages.
      if (event.key === ' ' && (event.target as Partial<HTMLElement> | null)?.tagName === 'BUTTON') return
      const move = pageMoveForKey(event.key)
      if (!move) return
      event.preventDefault()
      setPage((current) => movePage(current, move, count))
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [count])

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.isPrimary ? { x: event.clientX, y: event.clientY, time: event.timeStamp } : null
  }
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current
    swipeStart.current = null
    if (!start || !event.isPrimary) return
    const direction = swipeDirection(start, { x: event.clientX, y: event.clientY, time: event.timeStamp })
    if (direction) go(direction)
  }

  const fit = natural
    ? fitSize(natural, { width: Math.max(0, width - margin * 2), height: Math.max(0, height - margin * 2) })
    : null

  return (
    <Box h="100%" pos="relative">
      <Center
        ref={stageRef}
        h="100%"
        style={{ overflow: 'hidden', touchAction: 'pan-y', userSelect: 'none' }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null
        }}
        data-testid="data-room-stage"
      >
        {problem && <RoomMessage problem={problem} onRetry={() => setAttempt((n) => n + 1)} />}
        {!problem && (!image || !natural) && <Loader role="status" color="gray.3" aria-label={t('loading')} />}
        {image?.url && (
          <img
            key={image.url}
            src={image.url}
            alt={t('pdf.pageOf', { page: image.page, count })}
            draggable={false}
            onContextMenu={(event) => event.preventDefault()}
            onLoad={(event) => {
              const img = event.currentTarget
              setLoaded({ url: img.src, size: { width: img.naturalWidth, height: img.naturalHeight } })
            }}
            style={{
              display: natural ? 'block' : 'none',
              width: fit?.width,
              height: fit?.height,
              background: 'white',
              boxShadow: '0 2px 12px rgba(0,0,0,.4)',
            }}
            data-testid="data-room-page"
            data-page={image.page}
            data-file-name={fileName}
          />
        )}
      </Center>
      <PageStepper
        page={page}
        count={count}
        onStep={(step) => go(step === 1 ? 'next' : 'previous')}
        direction="horizontal"
        testIds={{ previous: 'data-room-previous', number: 'data-room-page-number', next: 'data-room-next' }}
      />
    </Box>
  )
}
