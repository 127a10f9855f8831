// A small load generator in its own process (so it does not share the server's core with the
// benchmark): `connections` keep-alive connections, each sending GET `url` one after another
// for `seconds`, then reports the count, errors and every latency (ms) over IPC.
import http from 'node:http'

const [url, connectionsText, secondsText] = process.argv.slice(2)
if (!url) throw new Error('usage: load-generator.mjs <url> <connections> <seconds>')
const connections = Number(connectionsText)
const seconds = Number(secondsText)
const agent = new http.Agent({ keepAlive: true, maxSockets: connections })

function get() {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode === 200))
      response.on('error', () => resolve(false))
    })
    request.on('error', () => resolve(false))
  })
}

const latencies = []
let errors = 0
const started = performance.now()
const until = started + seconds * 1000
async function connection() {
  while (performance.now() < until) {
    const sent = performance.now()
    const ok = await get()
    if (ok) latencies.push(performance.now() - sent)
    else errors++
  }
}
await Promise.all(Array.from({ length: connections }, connection))
const elapsed = (performance.now() - started) / 1000
agent.destroy()
process.send?.({ requests: latencies.length, errors, seconds: elapsed, latencies }, () => process.exit(0))
