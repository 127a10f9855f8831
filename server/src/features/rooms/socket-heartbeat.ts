import type { WebSocket } from 'ws'

/**
 * Closes a socket whose other end went away without a word (a laptop lid shut, a phone out of
 * signal, a crashed browser): a closed tab sends a close frame, but these leave the TCP
 * connection open for minutes. Every `intervalMs` the server pings (browsers answer pings by
 * themselves); a socket that left two pings in a row unanswered is terminated, which frees its
 * seat like any close. Two, not one: a busy event loop may run the timer before it reads a pong
 * that did arrive. Returns the stop function.
 */
export function keepAlive(socket: WebSocket, intervalMs: number): () => void {
  let missed = 0
  const onPong = () => {
    missed = 0
  }
  socket.on('pong', onPong)
  const timer = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return
    if (missed >= 2) {
      socket.terminate()
      return
    }
    missed++
    socket.ping()
  }, intervalMs).unref()
  const stop = () => {
    clearInterval(timer)
    socket.off('pong', onPong)
  }
  socket.once('close', stop)
  return stop
}
