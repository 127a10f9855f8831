/** Holds the latest snapshot for useSyncExternalStore: the same object until `publish` builds a new one. */
export function createSnapshotStore<T>(initial: T, build: () => T) {
  const listeners = new Set<() => void>()
  let snapshot = initial
  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    publish() {
      snapshot = build()
      for (const listener of listeners) listener()
    },
    close() {
      listeners.clear()
    },
  }
}

/** One notice at a time; some go away by themselves after a while. */
export function createNoticeBoard<T>(onChange: () => void) {
  let current: T | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    current: () => current,
    show(next: T | null, timeoutMs?: number) {
      clearTimeout(timer)
      current = next
      if (next !== null && timeoutMs !== undefined) {
        timer = setTimeout(() => {
          current = null
          onChange()
        }, timeoutMs)
      }
      onChange()
    },
    close() {
      clearTimeout(timer)
    },
  }
}
