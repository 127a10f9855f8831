// s3rver (the S3 test server) in a child process of the benchmark, so its work is not counted
// against the client's core; stores in the folder given, on the same disk as everything else.
import S3rver from 's3rver'

const directory = process.argv[2]
if (!directory) throw new Error('usage: s3rver-server.ts <folder>')

const bucket = 'ferry-bench'
const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod>
<AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [cors] }],
})
const { port } = await server.run()
process.send?.({ port, bucket })
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0))
})
