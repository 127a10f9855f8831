import http from 'node:http'
import type net from 'node:net'
import { createProxyServer } from 'http-proxy-3'
import { freePort } from '../../testing/free-port.js'

/**
 * A round-robin reverse proxy on 127.0.0.1 (HTTP and WebSocket upgrades), as a load balancer in
 * front of the instances. A target that refuses a connection is taken out until its /healthz
 * answers again (checked twice a second); the request that found it down gets 502 and the client
 * retries, as browsers and Ferry's upload engine do.
 */
export interface RoundRobinProxy {
  url: string
  port: number
  /** Adds an instance origin (http://127.0.0.1:port). */
  add(target: string): void
  remove(target: string): void
  /** Targets taking requests now. */
  live(): string[]
  /** Calls `listener` with each request's method ('UPGRADE' for WebSockets), URL and target; returns an unsubscribe. */
  onRoute(listener: (method: string, url: string, target: string) => void): () => void
  close(): Promise<void>
}

export async function startRoundRobinProxy(port?: number): Promise<RoundRobinProxy> {
  const listenPort = port ?? (await freePort())
  const targets: string[] = []
  const down = new Set<string>()
  let next = 0
  const listeners = new Set<(method: string, url: string, target: string) => void>()
  // Kept-alive connections to the instances, as nginx's `keepalive` (compose.yaml's proxy) does.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  const proxy = createProxyServer({ xfwd: true, agent })
  // A WebSocket reset after the upgrade is reported here, not to the request's callback; unheard it
  // would throw. The sockets are already closed: nothing else to do.
  proxy.on('error', () => {})

  function pick(): string | undefined {
    const live = targets.filter((t) => !down.has(t))
    if (live.length === 0) return undefined
    next = (next + 1) % live.length
    return live[next]
  }

  const markDown = (target: string, error: unknown) => {
    const code = (error as { code?: string }).code
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET') down.add(target)
  }

  const server = http.createServer((req, res) => {
    const target = pick()
    if (!target) {
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end('{"detail":"No instance is up.","code":"no_upstream"}')
      return
    }
    for (const listener of listeners) listener(req.method ?? 'GET', req.url ?? '/', target)
    proxy.web(req, res, { target }, (error) => {
      markDown(target, error)
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({ detail: `The instance did not answer (${(error as Error).message}).`, code: 'bad_gateway' }),
        )
      } else res.destroy()
    })
  })
  server.on('upgrade', (req, socket: net.Socket, head) => {
    const target = pick()
    if (!target) return socket.destroy()
    for (const listener of listeners) listener('UPGRADE', req.url ?? '/', target)
    proxy.ws(req, socket, head, { target }, (error) => {
      markDown(target, error)
      socket.destroy()
    })
  })
  server.keepAliveTimeout = 30_000

  const health = setInterval(() => {
    for (const target of down) {
      fetch(`${target}/healthz`, { signal: AbortSignal.timeout(400) }).then(
        (r) => r.ok && down.delete(target),
        () => {},
      )
    }
  }, 500)
  health.unref()

  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    add(target) {
      if (!targets.includes(target)) targets.push(target)
      down.delete(target)
    },
    remove(target) {
      const i = targets.indexOf(target)
      if (i >= 0) targets.splice(i, 1)
      down.delete(target)
    },
    live: () => targets.filter((t) => !down.has(t)),
    onRoute(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      clearInterval(health)
      proxy.close()
      agent.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
