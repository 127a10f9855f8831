import net from 'node:net'

/**
 * A loopback TCP proxy to a database server, so a test can cut the connection (as a server
 * restart would) and bring it back, without touching the shared server.
 */
export interface TcpProxy {
  readonly port: number
  /** Closes the listener and resets every open connection: new connections are refused. */
  down(): Promise<void>
  /** Listens again on the same port. */
  up(): Promise<void>
  close(): Promise<void>
}

export async function createTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target)
        sockets.add(client).add(upstream)
        const drop = () => {
          client.destroy()
          upstream.destroy()
          sockets.delete(client)
          sockets.delete(upstream)
        }
        client.on('error', drop).on('close', drop)
        upstream.on('error', drop).on('close', drop)
        client.pipe(upstream).pipe(client)
      })
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port
        server = s
        resolve()
      })
    })

  const down = async () => {
    const s = server
    server = undefined
    for (const socket of sockets) socket.resetAndDestroy()
    sockets.clear()
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
  }

  await listen()
  return {
    get port() {
      return port
    },
    down,
    up: listen,
    close: down,
  }
}
