import { ActionIcon, Box, Center, Loader, Text } from '@mantine/core'
import { useElementSize, useMergedRef } from '@mantine/hooks'
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react'
import { type PointerEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StageToolbar } from './stage-toolbar.js'
import type { StageProps, ViewerAnchor } from './viewer-context.js'
import {
  clampPan,
  fitSize,
  fitted,
  maxScale,
  minScale,
  type Size,
  visibleRegion,
  type ZoomState,
  zoomAt,
  zoomStep,
  zoomToRegion,
} from './zoom.js'

/** From this zoom on, the original replaces the screen rendition (when the browser can show it). */
const originalFromScale = 2.5
/** A double-click on the fitted image zooms this far around the pointer. */
const doubleClickScale = 2.5

/** The screen-size rendition of an image (the original when the server has none). */
export const screenUrl = (previewUrl: string) => `${previewUrl}${previewUrl.includes('?') ? '&' : '?'}size=screen`

/**
 * An image in the viewer: its screen-size rendition fitted to the stage, zoomed with the buttons,
 * the wheel, a pinch or a double-click, and panned by dragging. On a deep zoom the original is
 * loaded and swapped in once it arrived (kept on the rendition if the browser cannot show the
 * original, e.g. TIFF or HEIC). Reports the part on screen as a region anchor; seeks to one by
 * zooming onto it.
 */
export function ImageStage({ file, bridge }: StageProps) {
  const { t } = useTranslation('viewer')
  const { ref: sizeRef, width, height } = useElementSize<HTMLDivElement>()
  const stageElement = useRef<HTMLDivElement>(null)
  const stageRef = useMergedRef(sizeRef, stageElement)
  const [natural, setNatural] = useState<Size | null>(null)
  const [src, setSrc] = useState(() => screenUrl(file.preview_url))
  const [zoom, setZoom] = useState<ZoomState>(fitted)
  const [failed, setFailed] = useState(false)
  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const gesture = useRef<{ pinchDistance: number | null; wasMulti: boolean }>({ pinchDistance: null, wasMulti: false })

  const stage: Size = { width, height }
  const fit = natural ? fitSize(natural, stage) : { width: 0, height: 0 }
  const geometry = useRef({ fit, stage })
  geometry.current = { fit, stage }

  // Sizes change with the window: the zoom stays within bounds.
  const fitWidth = fit.width
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-clamped whenever the stage or the fitted image changes size
  useEffect(() => {
    setZoom((z) => clampPan(z, geometry.current.fit, geometry.current.stage))
  }, [width, height, fitWidth])

  useEffect(() => {
    if (natural) bridge.onAnchor(visibleRegion(zoom, geometry.current.fit, geometry.current.stage))
  }, [zoom, natural, bridge])

  const ready = natural !== null && width > 0
  useEffect(() => {
    if (!ready) return
    bridge.onSeekReady((anchor: ViewerAnchor) => {
      if (anchor.kind === 'region') setZoom(zoomToRegion(anchor, geometry.current.fit, geometry.current.stage))
    })
    return () => bridge.onSeekReady(null)
  }, [ready, bridge])

  // The original, once a deep zoom asks for more pixels than the rendition has.
  const wantsOriginal = zoom.scale >= originalFromScale && file.thumbnail_url !== null
  useEffect(() => {
    if (!wantsOriginal) return
    const original = new Image()
    original.onload = () => setSrc(file.preview_url)
    original.src = file.preview_url
    return () => {
      original.onload = null
    }
  }, [wantsOriginal, file.preview_url])

  const centre = (clientX: number, clientY: number) => {
    const rect = stageElement.current?.getBoundingClientRect()
    return rect ? { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 } : { x: 0, y: 0 }
  }
  const zoomTo = (scale: number, point = { x: 0, y: 0 }) =>
    setZoom((z) => zoomAt(z, scale, point, geometry.current.fit, geometry.current.stage))

  // The wheel zooms around the pointer; a native listener, since React's wheel listener is passive.
  useEffect(() => {
    const element = stageElement.current
    if (!element) return
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const rect = element.getBoundingClientRect()
      const point = { x: event.clientX - rect.left - rect.width / 2, y: event.clientY - rect.top - rect.height / 2 }
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.002))
      setZoom((z) => zoomAt(z, z.scale * factor, point, geometry.current.fit, geometry.current.stage))
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [])

  const onPointerDown = (event: PointerEvent) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    if (pointers.current.size > 1) gesture.current.wasMulti = true
    // Dragging a zoomed image pans it, two fingers pinch: neither is a swipe to another file.
    if (zoom.scale > minScale || pointers.current.size > 1) event.stopPropagation()
    ;(event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent) => {
    const last = pointers.current.get(event.pointerId)
    if (!last) return
    const now = { x: event.clientX, y: event.clientY }
    pointers.current.set(event.pointerId, now)
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [typeof now, typeof now]
      const distance = Math.hypot(a.x - b.x, a.y - b.y)
      const previous = gesture.current.pinchDistance
      gesture.current.pinchDistance = distance
      if (previous) {
        const mid = centre((a.x + b.x) / 2, (a.y + b.y) / 2)
        setZoom((z) => zoomAt(z, (z.scale * distance) / previous, mid, geometry.current.fit, geometry.current.stage))
      }
    } else if (pointers.current.size === 1 && zoom.scale > minScale) {
      const dx = now.x - last.x
      const dy = now.y - last.y
      setZoom((z) => clampPan({ ...z, x: z.x + dx, y: z.y + dy }, geometry.current.fit, geometry.current.stage))
    }
  }
  const onPointerEnd = (event: PointerEvent) => {
    pointers.current.delete(event.pointerId)
    if (pointers.current.size < 2) gesture.current.pinchDistance = null
    if (zoom.scale > minScale || gesture.current.wasMulti) event.stopPropagation()
    if (pointers.current.size === 0) gesture.current.wasMulti = false
  }

  const percent = Math.round(zoom.scale * 100)

  return (
    <Box h="100%" pos="relative">
      <Box
        ref={stageRef}
        h="100%"
        pos="relative"
        style={{
          overflow: 'hidden',
          touchAction: 'none',
          cursor: zoom.scale > minScale ? 'grab' : 'zoom-in',
          userSelect: 'none',
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDoubleClick={(event) => {
          if (zoom.scale > minScale) setZoom(fitted)
          else zoomTo(doubleClickScale, centre(event.clientX, event.clientY))
        }}
        data-testid="viewer-image-stage"
      >
        {!natural && !failed && (
          <Center pos="absolute" inset={0}>
            <Loader color="gray.3" />
          </Center>
        )}
        {failed && (
          <Center pos="absolute" inset={0} c="gray.3">
            <Text>{t('failed')}</Text>
          </Center>
        )}
        <img
          src={src}
          alt={file.file_name}
          draggable={false}
          onLoad={(event) => {
            const img = event.currentTarget
            setNatural((known) => known ?? { width: img.naturalWidth, height: img.naturalHeight })
          }}
          onError={() => {
            // A failed original leaves the rendition in place; a failed rendition is a failure.
            if (src === file.preview_url && natural) setSrc(screenUrl(file.preview_url))
            else setFailed(true)
          }}
          style={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            width: natural ? fit.width : undefined,
            height: natural ? fit.height : undefined,
            maxWidth: natural ? undefined : '100%',
            maxHeight: natural ? undefined : '100%',
            visibility: natural ? 'visible' : 'hidden',
            transform: `translate(-50%, -50%) translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`,
            transformOrigin: 'center',
            willChange: 'transform',
          }}
          data-testid="viewer-image"
          data-zoom={zoom.scale}
          data-original={src === file.preview_url ? 'true' : 'false'}
        />
      </Box>
      <StageToolbar>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('zoomOut')}
          disabled={zoom.scale <= minScale}
          onClick={() => zoomTo(zoom.scale / zoomStep)}
          data-testid="zoom-out"
        >
          <IconZoomOut size={20} aria-hidden />
        </ActionIcon>
        <Text
          size="sm"
          w={52}
          ta="center"
          style={{ fontVariantNumeric: 'tabular-nums' }}
          aria-live="polite"
          data-testid="zoom-level"
        >
          {percent}%
        </Text>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('zoomIn')}
          disabled={zoom.scale >= maxScale}
          onClick={() => zoomTo(zoom.scale * zoomStep)}
          data-testid="zoom-in"
        >
          <IconZoomIn size={20} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('zoomReset')}
          disabled={zoom.scale <= minScale}
          onClick={() => setZoom(fitted)}
          data-testid="zoom-reset"
        >
          <IconZoomReset size={20} aria-hidden />
        </ActionIcon>
      </StageToolbar>
    </Box>
  )
}
