// The ceiling: a bare Node server that pipes each request body (a whole file, or a part of a
// multipart upload's ceiling) to a new file with 1 MiB buffers, as fast as Node can take a body off a socket and put it on this disk. Its files
// are kept (the next benchmark run clears the folder), as Ferry keeps its uploads.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream'

const dir = process.argv[2]
if (!dir) throw new Error('usage: ceiling-server.mjs <folder>')
fs.mkdirSync(dir, { recursive: true })
let count = 0

const server = http.createServer((request, response) => {
  const id = count++
  const file = path.join(dir, `body-${process.pid}-${id}.bin`)
  pipeline(request, fs.createWriteStream(file, { highWaterMark: 1024 * 1024 }), (error) => {
    response.statusCode = error ? 500 : 200
    // As a part's PUT answers one (Ferry's local store also takes it from the file, not a digest).
    response.setHeader('ETag', `"${id}"`)
    response.end()
  })
})
server.requestTimeout = 0
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
