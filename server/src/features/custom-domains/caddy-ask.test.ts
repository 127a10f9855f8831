import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import tls from 'node:tls'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { customDomains, organizations } from '../../db/schema/index.js'
import { freePort } from '../../testing/free-port.js'
import { buildTestApp, type TestApp } from '../../testing/test-app.js'

const hasCaddy = (() => {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

/** A TLS handshake with Caddy for `servername`; then, if it succeeded, one HTTP/1.1 GET through it. */
function handshake(port: number, servername: string, pathname: string): Promise<{ ok: boolean; response?: string }> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername, rejectUnauthorized: false })
    let response = ''
    socket.setTimeout(10_000, () => socket.destroy())
    socket.on('secureConnect', () => {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${servername}\r\nConnection: close\r\n\r\n`)
    })
    socket.on('data', (chunk: Buffer) => {
      response += chunk.toString()
    })
    socket.on('end', () => resolve({ ok: true, response }))
    socket.on('error', () => resolve({ ok: false }))
    socket.on('close', () => resolve({ ok: response !== '', response }))
  })
}

/**
 * Debian's caddy in front of Ferry with on-demand TLS (deploy/Caddyfile), on its internal CA (no
 * internet): Caddy asks Ferry's /api/tls/ask before it makes a certificate, so a verified custom
 * host gets one and its requests reach Ferry, and a host Ferry does not serve gets no handshake.
 */
describe.skipIf(!hasCaddy)('Caddy on-demand TLS asks Ferry (issue 22 item 2)', () => {
  let app: TestApp
  let caddy: ChildProcess
  let dir: string
  let httpsPort: number
  let caddyLog = ''

  beforeAll(async () => {
    app = await buildTestApp()
    const orgs = await app.deps.database.db
      .insert(organizations)
      .values([
        { name: 'Verified', billingEmail: 'v@example.test' },
        { name: 'Pending', billingEmail: 'p@example.test' },
      ])
      .returning({ id: organizations.id })
    await app.deps.database.db.insert(customDomains).values([
      {
        organizationId: orgs[0]!.id,
        host: 'files.verified.test',
        token: 't1',
        status: 'verified',
        nextCheckAt: new Date(Date.now() + 3600_000),
      },
      {
        organizationId: orgs[1]!.id,
        host: 'files.pending.test',
        token: 't2',
        status: 'pending',
        nextCheckAt: new Date(Date.now() + 3600_000),
      },
    ])
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-caddy-'))
    httpsPort = await freePort()
    const httpPort = await freePort()
    const upstream = new URL(app.url).host
    const caddyfile = `{
	admin off
	local_certs
	skip_install_trust
	http_port ${httpPort}
	https_port ${httpsPort}
	storage file_system ${path.join(dir, 'data')}
	on_demand_tls {
		ask ${app.url}/api/tls/ask
	}
}
https:// {
	tls {
		on_demand
	}
	reverse_proxy ${upstream}
}
`
    await fs.writeFile(path.join(dir, 'Caddyfile'), caddyfile)
    caddy = spawn('caddy', ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    caddy.stderr?.on('data', (chunk: Buffer) => {
      caddyLog += chunk.toString()
    })
    await vi.waitFor(
      async () => {
        const probe = await new Promise<boolean>((resolve) => {
          const socket = tls.connect({
            host: '127.0.0.1',
            port: httpsPort,
            servername: 'probe.test',
            rejectUnauthorized: false,
          })
          socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code !== 'ECONNREFUSED'))
          socket.on('secureConnect', () => resolve(true))
          socket.on('close', () => resolve(true))
        })
        if (!probe) throw new Error(`caddy is not listening yet\n${caddyLog}`)
      },
      { timeout: 60_000, interval: 200 },
    )
  }, 120_000)

  afterAll(async () => {
    caddy?.kill('SIGTERM')
    await app?.close()
    if (dir) await fs.rm(dir, { recursive: true, force: true })
  })

  it('refuses a handshake for a host Ferry has not verified, having asked Ferry', async () => {
    const asked = vi.spyOn(app.services.customDomains, 'mayHaveCertificate')
    expect((await handshake(httpsPort, 'files.pending.test', '/')).ok).toBe(false)
    expect((await handshake(httpsPort, 'unknown.example.test', '/')).ok).toBe(false)
    expect(asked.mock.calls.map(([domain]) => domain)).toEqual(['files.pending.test', 'unknown.example.test'])
  })

  it('gets a certificate for a verified host and passes its requests to Ferry', async () => {
    const result = await handshake(httpsPort, 'files.verified.test', '/api/share/nothing-here')
    expect(result.ok, caddyLog).toBe(true)
    // Ferry answered (through the host gate): its JSON 404 for a transfer that is not there.
    expect(result.response).toMatch(/^HTTP\/1\.1 404/)
    expect(result.response).toContain('"code":"not_found"')
  }, 30_000)
})
