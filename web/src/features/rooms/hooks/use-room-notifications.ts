import { useCallback, useEffect, useRef, useState } from 'react'

/** spec/transfers.md §9: room notifications go after 5 s; response notices stay until closed. */
export const notificationLifetimeMs = 5000

export interface RoomNotification {
  id: number
  /** 'info' notices auto-dismiss; responses to my requests and errors stay until closed. */
  kind: 'info' | 'response' | 'error'
  text: string
}

export function useRoomNotifications() {
  const [items, setItems] = useState<RoomNotification[]>([])
  const nextId = useRef(1)
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), [])

  const notify = useCallback(
    (kind: RoomNotification['kind'], text: string) => {
      const id = nextId.current++
      setItems((list) => [...list, { id, kind, text }])
      if (kind === 'info') {
        const timer = setTimeout(() => {
          timers.current.delete(timer)
          dismiss(id)
        }, notificationLifetimeMs)
        timers.current.add(timer)
      }
    },
    [dismiss],
  )

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending) clearTimeout(timer)
    }
  }, [])

  return { items, notify, dismiss }
}
