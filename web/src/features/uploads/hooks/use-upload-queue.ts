import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { PickedFile } from '../file-names.js'
import { createUploadEngine, type UploadEngine } from '../upload-engine.js'
import { emptySnapshot, type UploadQueueSnapshot } from '../upload-queue-state.js'

export interface UseUploadQueueOptions {
  /** Send files as soon as they are added (signed in); otherwise list them until this turns true. */
  autoStart: boolean
  /** Upload-request page: keys are tied to this link and no session is sent. */
  requestId?: string
}

/** The upload queue's state, refreshed at most every 500 ms while bytes move, and its actions. */
export interface UploadQueue extends UploadQueueSnapshot {
  addFiles(files: readonly PickedFile[]): void
  remove(id: string): void
  /** Forgets every file (after a transfer was created from them, say). */
  clear(): void
  pauseAll(): void
  resumeAll(): void
  retry(id: string): void
  retryAll(): void
  /** Gives up an unfinished upload of an earlier visit. */
  dismissResumable(id: string): void
}

const noSubscription = () => () => {}
const getEmptySnapshot = () => emptySnapshot

/**
 * One upload engine for as long as the component lives (a new one when `requestId` changes).
 * Leaving the page while files are moving asks first, as the browser would lose them.
 */
export function useUploadQueue({ autoStart, requestId }: UseUploadQueueOptions): UploadQueue {
  const [engine, setEngine] = useState<UploadEngine | null>(null)
  const autoStartRef = useRef(autoStart)

  useEffect(() => {
    autoStartRef.current = autoStart
  }, [autoStart])

  useEffect(() => {
    const created = createUploadEngine({ requestId, autoStart: autoStartRef.current })
    setEngine(created)
    return () => created.destroy()
  }, [requestId])

  useEffect(() => {
    engine?.setAutoStart(autoStart)
  }, [engine, autoStart])

  const snapshot = useSyncExternalStore(
    engine?.subscribe ?? noSubscription,
    engine?.getSnapshot ?? getEmptySnapshot,
    getEmptySnapshot,
  )

  const unfinished = snapshot.isUploading || snapshot.isPaused
  useEffect(() => {
    if (!unfinished) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unfinished])

  return useMemo(
    () => ({
      ...snapshot,
      addFiles: (files: readonly PickedFile[]) => engine?.addFiles(files),
      remove: (id: string) => engine?.remove(id),
      clear: () => engine?.clear(),
      pauseAll: () => engine?.pauseAll(),
      resumeAll: () => engine?.resumeAll(),
      retry: (id: string) => engine?.retry(id),
      retryAll: () => engine?.retryAll(),
      dismissResumable: (id: string) => engine?.dismissResumable(id),
    }),
    [snapshot, engine],
  )
}
