import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { opensshAvailable, runSftp } from '../sftp/testing/openssh-sftp.js'
import { type Cluster, startCluster } from './harness/cluster.js'
import { callJson, eventually, registerConfirmed } from './harness/cluster-client.js'
import { uploadSmall } from './harness/cluster-uploads.js'

// Issue 20 item 1: every instance presents the same SFTP host key (kept in the database), a login
// shown by one instance works on another, and wrong passwords are counted in Redis for all.

const perClient = 3
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The SHA256 fingerprint of the host key an SFTP server presents, as ssh-keygen prints it. */
async function hostKeyOf(port: number): Promise<string> {
  const output = (command: string, args: string[], input = '') =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(command, args)
      let out = ''
      child.stdout.on('data', (chunk) => {
        out += chunk
      })
      child.on('error', reject)
      child.on('close', () => resolve(out))
      child.stdin.end(input)
    })
  const scan = await output('ssh-keyscan', ['-p', String(port), '-t', 'ed25519', '127.0.0.1'])
  return /SHA256:\S+/.exec(await output('ssh-keygen', ['-lf', '-'], scan))?.[0] ?? ''
}

describe.skipIf(!opensshAvailable())('SFTP across two instances (PostgreSQL, S3, Redis)', () => {
  let cluster: Cluster

  beforeAll(async () => {
    cluster = await startCluster({
      instances: 2,
      storage: 's3',
      sftp: true,
      env: { AUTH_RATE_LIMIT_PER_ACCOUNT: String(perClient), AUTH_RATE_LIMIT_PER_IP: '1000' },
    })
  })
  afterAll(async () => {
    await cluster?.close()
  })

  /** A Pro sender's transfer of one file, and its SFTP login as instance 0 shows it. */
  async function send() {
    const email = `sftp-${randomBytes(4).toString('hex')}@example.com`
    const registered = await registerConfirmed<{ access_token: string }>(cluster, {
      body: { email, password: 'sftp cluster pass 1', name: 'Sid Sftp' },
    })
    expect(registered.status).toBe(201)
    await cluster.db.query("update users set role = 'PREMIUM' where email = $1", [email])
    const token = registered.body.access_token
    const body = randomBytes(123_457)
    const file = await uploadSmall({ api: cluster.api, token }, 'plans.bin', body)
    const sent = await callJson<{ id: string }>(cluster.api, 'POST', '/api/transfers', {
      token,
      body: { files: [file], recipient_emails: ['rec@example.com'] },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const login = await callJson<{ port: number; username: string; password: string; host_key_fingerprint: string }>(
      (pathname, init) => fetch(`${cluster.instances[0]!.url}${pathname}`, init),
      'GET',
      `/api/transfers/${sent.body.id}/sftp`,
      { token },
    )
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    return { id: sent.body.id, body, login: login.body }
  }

  it('presents one host key on every instance, and a login shown by one works on the other', async () => {
    const [first, second] = cluster.instances.map((i) => i.sftpPort)
    const { id, body, login } = await send()
    expect(login.port).toBe(first)
    expect(await hostKeyOf(first!)).toBe(login.host_key_fingerprint)
    expect(await hostKeyOf(second!)).toBe(login.host_key_fingerprint)

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-sftp-cluster-'))
    try {
      const run = await runSftp(second!, login.username, login.password, ['get plans.bin'], { cwd: dir })
      expect(run.code, run.stderr).toBe(0)
      expect(sha256(await fs.readFile(path.join(dir, 'plans.bin')))).toBe(sha256(body))
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
    await eventually(async () => {
      const { rows } = await cluster.db.query('select download_count from transfers where id = $1', [id])
      return rows[0]?.download_count === 1
    }, 'the SFTP download to be counted')
  })

  it('counts wrong passwords for all instances: after the limit on one, the other refuses the right one', async () => {
    const [first, second] = cluster.instances.map((i) => i.sftpPort)
    const { login } = await send()
    for (let i = 0; i < perClient; i++) {
      const wrong = await runSftp(first!, login.username, `${login.password.slice(1)}x`, ['ls'])
      expect(wrong.code).not.toBe(0)
    }
    const refused = await runSftp(second!, login.username, login.password, ['ls'])
    expect(refused.code).not.toBe(0)
    expect(refused.stdout).not.toContain('plans.bin')
  })
})
