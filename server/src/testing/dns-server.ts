import type { AddressInfo } from 'node:net'
import dns2 from 'dns2'

const { Packet } = dns2

/** A real DNS server on 127.0.0.1 (UDP) whose TXT records a test sets and removes while it runs. */
export interface LocalDnsServer {
  /** `127.0.0.1:<port>`: what DNS_RESOLVER takes. */
  readonly address: string
  setTxt(name: string, ...values: string[]): void
  removeTxt(name: string): void
  /** Answers SERVFAIL to everything (a resolver outage) until turned off. */
  failing(on: boolean): void
  /** Queries answered so far. */
  readonly queries: number
  close(): Promise<void>
}

/**
 * Starts dns2's UDP server: TXT questions for a name it holds get those records; any other name
 * NXDOMAIN. Port 0 picks a free one.
 */
export async function startDnsServer(port = 0): Promise<LocalDnsServer> {
  const records = new Map<string, string[]>()
  let servfail = false
  let queries = 0
  const server = dns2.createUDPServer((request, send) => {
    queries++
    const response = Packet.createResponseFromRequest(request)
    const [question] = request.questions
    const name = question?.name.toLowerCase().replace(/\.$/, '') ?? ''
    const values = records.get(name)
    if (servfail) response.header.rcode = Packet.RCODE.SERVFAIL
    else if (!values) response.header.rcode = Packet.RCODE.NXDOMAIN
    else if (question?.type === Packet.TYPE.TXT) {
      for (const data of values) {
        response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 0, data }))
      }
    }
    void send(response)
  })
  await server.listen(port, '127.0.0.1')
  const bound = (server.address() as AddressInfo).port
  return {
    address: `127.0.0.1:${bound}`,
    setTxt: (name, ...values) => records.set(name.toLowerCase(), values),
    removeTxt: (name) => records.delete(name.toLowerCase()),
    failing: (on) => {
      servfail = on
    },
    get queries() {
      return queries
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
