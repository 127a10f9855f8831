import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3BrowserOrigins } from '../adapters/blob-store/s3-blob-store.js'
import { bearer, registerAccount } from '../features/auth/testing/auth-test-kit.js'
import { buildTestApp, type TestApp } from '../testing/test-app.js'
import { hstsValue } from './security-headers.js'

// Security review M-5 and L-11: browser security headers on the app and the API, no caching of
// API answers.

/** The CSP header as directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy()
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

async function tinyWebBuild(): Promise<string> {
  const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-web-'))
  await fs.mkdir(path.join(webDist, 'assets'))
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Ferry</title><div id="root"></div><script type="module" src="/assets/app-abc.js"></script>',
  )
  await fs.writeFile(path.join(webDist, 'assets', 'app-abc.js'), 'console.log(1)')
  return webDist
}

function expectBrowserHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  expect(res.headers.get('x-frame-options')).toBe('DENY')
  expect(parseCsp(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"])
}

describe('security headers on the default install (local disk, no Google, no PUBLIC_URL)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { WEB_DIST: await tinyWebBuild() } })
  })
  afterAll(() => t?.close())

  for (const page of ['/', '/share/abc123', '/upload/some-request', '/rooms/x']) {
    it(`serves the app at ${page} with a CSP that allows no inline or foreign script`, async () => {
      const res = await t.api(page)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/text\/html/)
      expectBrowserHeaders(res)
      const csp = parseCsp(res.headers.get('content-security-policy'))
      expect(csp.get('default-src')).toEqual(["'self'"])
      expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"])
      expect(csp.get('script-src-attr')).toEqual(["'none'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('base-uri')).toEqual(["'none'"])
      expect(csp.get('connect-src')).toEqual(["'self'"])
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
      expect(csp.has('upgrade-insecure-requests')).toBe(false)
      expect(res.headers.get('strict-transport-security')).toBeNull()
    })
  }

  it('keeps hashed assets cacheable and sends the headers with them', async () => {
    const res = await t.api('/assets/app-abc.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('sends them on API answers, which are never cached: authenticated, public, refusals and 404s', async () => {
    const account = await registerAccount(t.api)
    const answers = [
      await t.api('/api/transfers', { headers: bearer(account.access_token) }),
      await t.api('/api/system/config'),
      await t.api('/api/transfers'),
      await t.api('/api/no-such-route'),
    ]
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 404])
    for (const res of answers) {
      expectBrowserHeaders(res)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('answers register and login with no-store: they carry a session token', async () => {
    const res = await t.api('/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `h-${Date.now()}@example.com`, password: 'correct horse battery', name: 'H' }),
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('sends HSTS only when the request came over https (here: from the trusted loopback proxy)', async () => {
    const plain = await t.api('/api/system/config')
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    const proxied = await t.api('/api/system/config', { headers: { 'x-forwarded-proto': 'https' } })
    expect(proxied.headers.get('strict-transport-security')).toBe(hstsValue)
    const page = await t.api('/', { headers: { 'x-forwarded-proto': 'https' } })
    expect(page.headers.get('strict-transport-security')).toBe(hstsValue)
  })
})

describe('security headers with PUBLIC_URL, S3 and Google sign-in configured', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      storage: 's3',
      env: {
        WEB_DIST: await tinyWebBuild(),
        PUBLIC_URL: 'https://ferry.example.com',
        GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
      },
    })
  })
  afterAll(() => t?.close())

  it('lets the app reach PUBLIC_URL (and its sockets), the bucket and Google sign-in', async () => {
    const res = await t.api('/')
    const csp = parseCsp(res.headers.get('content-security-policy'))
    const connect = csp.get('connect-src')!
    expect(connect).toEqual(expect.arrayContaining(["'self'", 'https://ferry.example.com', 'wss://ferry.example.com']))
    const storage = t.deps.config.storage
    if (storage.kind !== 's3') throw new Error('expected S3')
    expect(connect).toContain(new URL(storage.endpoint!).origin)
    expect(connect).toContain('https://accounts.google.com/gsi/')
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://accounts.google.com/gsi/client'])
    expect(csp.get('frame-src')).toEqual(['https://accounts.google.com/gsi/'])
    expect(csp.get('style-src')).toContain('https://accounts.google.com/gsi/style')
  })

  it("covers the bucket's presigned upload URLs", async () => {
    const account = await registerAccount(t.api)
    const upload = await t.api('/api/presign', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(account.access_token) },
      body: JSON.stringify({ filename: 'a.txt', content_type: 'text/plain', file_size: 3 }),
    })
    expect(upload.status).toBe(200)
    const { url } = (await upload.json()) as { url: string }
    const csp = parseCsp((await t.api('/')).headers.get('content-security-policy'))
    expect(csp.get('connect-src')).toContain(new URL(url).origin)
  })
})

describe('the bucket origins the CSP allows match the URLs the S3 SDK presigns', () => {
  const credentials = { accessKeyId: 'AKIA', secretAccessKey: 'secret' }
  const cases = [
    { name: 'AWS, virtual-hosted', bucket: 'ferry-files', region: 'eu-west-1', forcePathStyle: false },
    { name: 'AWS, us-east-1', bucket: 'ferry-files', region: 'us-east-1', forcePathStyle: false },
    {
      name: 'MinIO, path style',
      bucket: 'ferry',
      region: 'us-east-1',
      endpoint: 'http://s3.localhost:9000',
      forcePathStyle: true,
    },
    {
      name: 'R2-like endpoint',
      bucket: 'ferry',
      region: 'auto',
      endpoint: 'https://acct.r2.example.com',
      forcePathStyle: false,
    },
  ]
  for (const c of cases) {
    it(c.name, async () => {
      const client = new S3Client({
        region: c.region,
        endpoint: c.endpoint,
        forcePathStyle: c.forcePathStyle,
        credentials,
      })
      const origins = s3BrowserOrigins(c)
      for (const command of [
        new PutObjectCommand({ Bucket: c.bucket, Key: 'k/1', ContentLength: 3 }),
        new GetObjectCommand({ Bucket: c.bucket, Key: 'k/1' }),
      ]) {
        const url = await getSignedUrl(client, command, { expiresIn: 60 })
        expect(origins).toContain(new URL(url).origin)
      }
    })
  }
})
