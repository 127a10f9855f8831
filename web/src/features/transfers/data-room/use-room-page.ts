import { useEffect, useState } from 'react'
import { fetchRoomPage } from '../api/data-room-api.js'

export type RoomPageImage =
  | { page: number; url: string; error?: undefined }
  | { page: number; url?: undefined; error: unknown }

/**
 * One page of a view as an object URL of its watermarked image, fetched when the page is shown
 * (never ahead: each page fetched is a page logged as seen). The URL is let go when the page
 * changes or the viewer closes; null while the page asked for loads.
 */
export function useRoomPage(uniqueId: string, viewId: string, page: number, t: string | null, attempt = 0) {
  const [image, setImage] = useState<RoomPageImage | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` asks for the same page again after a failure
  useEffect(() => {
    const controller = new AbortController()
    setImage(null)
    let url: string | null = null
    fetchRoomPage(uniqueId, viewId, page, t, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return
        url = URL.createObjectURL(blob)
        setImage({ page, url })
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setImage({ page, error })
      })
    return () => {
      controller.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [uniqueId, viewId, page, t, attempt])
  return image?.page === page ? image : null
}
