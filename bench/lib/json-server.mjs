// The API ceiling: a bare Node server answering every request with the same small JSON.
import http from 'node:http'

const body = JSON.stringify({ id: 'ceiling', title: 'A fixed answer', files: [{ name: 'a.bin', size: 1 }] })

const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  })
  response.end(body)
})
server.keepAliveTimeout = 30_000
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
