import { useCallback, useSyncExternalStore } from 'react'
import type { TransferProgress } from '../p2p/transfer-progress.js'

/**
 * The live progress of the room's transfers, kept outside React state. Why: a progress tick
 * (every 500 ms on both peers) set in the room's state re-rendered the whole room page, which
 * cost the pages about 0.9 CPU-seconds per 256 MiB transfer in bench:p2p, CPU the data channel
 * needs on a busy machine; from here a tick re-renders only the card that shows it.
 */
export interface TransferProgressStore {
  get(id: string): TransferProgress | null
  set(id: string, progress: TransferProgress): void
  delete(id: string): void
  /** Calls `listener` when transfer `id`'s progress changes; returns the unsubscribe. */
  subscribe(id: string, listener: () => void): () => void
}

export function createTransferProgressStore(): TransferProgressStore {
  const values = new Map<string, TransferProgress>()
  const listeners = new Map<string, Set<() => void>>()
  const notify = (id: string) => {
    for (const listener of listeners.get(id) ?? []) listener()
  }
  return {
    get: (id) => values.get(id) ?? null,
    set(id, progress) {
      values.set(id, progress)
      notify(id)
    },
    delete(id) {
      values.delete(id)
      notify(id)
    },
    subscribe(id, listener) {
      const set = listeners.get(id) ?? new Set()
      listeners.set(id, set)
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(id)
      }
    },
  }
}

/** Transfer `id`'s progress; the calling component re-renders when it changes. */
export function useTransferProgress(store: TransferProgressStore, id: string): TransferProgress | null {
  const subscribe = useCallback((listener: () => void) => store.subscribe(id, listener), [store, id])
  return useSyncExternalStore(subscribe, () => store.get(id))
}
