/** Calls back when the browser goes offline or back online; returns a function that stops. */
export function watchConnectivity(handlers: { offline(): void; online(): void }): () => void {
  if (typeof window === 'undefined') return () => {}
  window.addEventListener('offline', handlers.offline)
  window.addEventListener('online', handlers.online)
  return () => {
    window.removeEventListener('offline', handlers.offline)
    window.removeEventListener('online', handlers.online)
  }
}
