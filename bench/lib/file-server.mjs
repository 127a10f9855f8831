// The download ceiling: a bare Node server answering every request with one file, read by
// createReadStream with 1 MiB buffers and piped to the response, nothing else in the way.
import fs from 'node:fs'
import http from 'node:http'
import { pipeline } from 'node:stream'

const file = process.argv[2]
if (!file) throw new Error('usage: file-server.mjs <file>')
const { size } = fs.statSync(file)

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) })
  pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), response, () => {})
})
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
