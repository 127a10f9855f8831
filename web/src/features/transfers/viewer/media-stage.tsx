import { Center } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { PreviewIcon } from './preview-icon.js'
import type { StageProps, ViewerAnchor } from './viewer-context.js'

/**
 * Video and audio in the browser's own player, straight from the preview URL: the browser asks
 * for the bytes it needs with Range requests (the server answers 206), so seeking never fetches
 * the whole file and nothing is held in memory here. Reports the current time as the anchor.
 */
export function MediaStage({ file, bridge }: StageProps) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null)
  const isVideo = file.preview_kind === 'video'

  useEffect(() => {
    const media = ref.current
    if (!media) return
    const report = () => bridge.onAnchor({ kind: 'time', seconds: Math.round(media.currentTime * 100) / 100 })
    const ready = () => {
      report()
      bridge.onSeekReady((anchor: ViewerAnchor) => {
        if (anchor.kind !== 'time' || !Number.isFinite(anchor.seconds)) return
        media.currentTime = Math.max(0, Math.min(anchor.seconds, media.duration || anchor.seconds))
      })
    }
    if (media.readyState >= HTMLMediaElement.HAVE_METADATA) ready()
    media.addEventListener('loadedmetadata', ready)
    media.addEventListener('timeupdate', report)
    media.addEventListener('seeked', report)
    return () => {
      media.removeEventListener('loadedmetadata', ready)
      media.removeEventListener('timeupdate', report)
      media.removeEventListener('seeked', report)
      bridge.onSeekReady(null)
    }
  }, [bridge])

  if (isVideo) {
    return (
      <Center h="100%" p="md">
        {/* biome-ignore lint/a11y/useMediaCaption: the sender's own video; Ferry has no captions for it */}
        <video
          ref={ref}
          src={file.preview_url}
          poster={file.thumbnail_url ?? undefined}
          controls
          preload="metadata"
          playsInline
          aria-label={file.file_name}
          style={{ maxWidth: '100%', maxHeight: '100%', background: 'black' }}
          data-testid="viewer-video"
        />
      </Center>
    )
  }
  return (
    <Center h="100%" p="md" style={{ flexDirection: 'column', gap: 24 }}>
      <Center c="gray.3">
        <PreviewIcon kind="audio" size={96} />
      </Center>
      {/* biome-ignore lint/a11y/useMediaCaption: the sender's own recording; Ferry has no captions for it */}
      <audio
        ref={ref}
        src={file.preview_url}
        controls
        preload="metadata"
        aria-label={file.file_name}
        style={{ width: 'min(640px, 100%)' }}
        data-testid="viewer-audio"
      />
    </Center>
  )
}
