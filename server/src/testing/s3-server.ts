import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface TestS3Server {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  close(): Promise<void>
}

// Browsers upload and download straight to the bucket, so it must answer CORS and let the
// page read each part's ETag.
const corsConfig = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>DELETE</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`

/**
 * An S3-compatible server for tests (s3rver on 127.0.0.1, a free port, a fresh temp folder)
 * with one bucket, CORS configured. Its gaps (no signature checks, ListParts or
 * AbortMultipartUpload) are listed in the README; the local driver's tests cover them.
 */
export async function startS3Server(bucket = 'ferry-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ferry-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [corsConfig] }],
  })
  try {
    const { port } = await server.run()
    return {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      // s3rver's built-in account.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      async close() {
        await server.close()
        await rm(directory, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(directory, { recursive: true, force: true })
    throw error
  }
}
