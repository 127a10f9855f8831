import { finalSocketCloseCodes } from '@ferry/contracts/realtime/socket-close'

export interface ReconnectingSocket {
  send(message: unknown): boolean
  close(): void
}

export interface ReconnectingSocketOptions {
  url: string
  onMessage(data: unknown): void
  /** Each (re)connection; the server greets first, so nothing needs to be sent here. */
  onOpen?(): void
  /** The server closed with a code after which reconnecting cannot help (not a member, expired…). */
  onFinalClose?(code: number, reason: string): void
  /** A keep-alive message sent every 25 s, as proxies drop idle sockets. */
  ping?: unknown
}

/**
 * A WebSocket of Ferry's that reconnects after a drop (1 s, 2 s, … up to 10 s), except after
 * a final close code. Messages are JSON both ways; unparsable frames are ignored.
 */
export function openReconnectingSocket(options: ReconnectingSocketOptions): ReconnectingSocket {
  let socket: WebSocket | null = null
  let stopped = false
  let attempt = 0
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  const pingTimer = options.ping === undefined ? undefined : setInterval(() => send(options.ping), 25_000)

  function send(message: unknown): boolean {
    if (socket?.readyState !== WebSocket.OPEN) return false
    socket.send(JSON.stringify(message))
    return true
  }

  function connect() {
    const ws = new WebSocket(options.url)
    socket = ws
    ws.onopen = () => {
      attempt = 0
      options.onOpen?.()
    }
    ws.onmessage = (event) => {
      let data: unknown
      try {
        data = JSON.parse(String(event.data))
      } catch {
        return
      }
      options.onMessage(data)
    }
    ws.onclose = (event) => {
      if (socket !== ws || stopped) return
      if (finalSocketCloseCodes.includes(event.code)) {
        stopped = true
        options.onFinalClose?.(event.code, event.reason)
        return
      }
      attempt++
      retryTimer = setTimeout(connect, Math.min(10_000, 1000 * attempt))
    }
  }

  connect()
  return {
    send,
    close() {
      stopped = true
      clearTimeout(retryTimer)
      clearInterval(pingTimer)
      socket?.close(1000)
    },
  }
}
