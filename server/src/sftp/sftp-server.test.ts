import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import ssh2, { type SFTPWrapper } from 'ssh2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../features/auth/testing/auth-test-kit.js'
import { makeKeyPair } from '../features/ssh-keys/testing/key-pair.js'
import { addSshKey } from '../features/ssh-keys/testing/ssh-keys-test-kit.js'
import { sftpPassword } from '../features/transfers/sftp/sftp-credentials.js'
import {
  downloadCount,
  getJson,
  outbox,
  postTransfer,
  randomBody,
  type Sender,
  setExpiry,
  sha256,
  signUp,
  uploadFiles,
} from '../features/transfers/testing/transfers-test-kit.js'
import { as, ok } from '../features/uploads/testing/uploads-test-kit.js'
import { loadOrCreateSecret } from '../secrets/secrets.js'
import { buildTestApp, forEachStack, type TestApp, testStacks } from '../testing/test-app.js'
import { type RunningSftpServer, startSftp } from './sftp-server.js'
import { opensshAvailable, runSftp } from './testing/openssh-sftp.js'

// Issue 20 item 1: SFTP download, tested with OpenSSH's own client.

const installed = opensshAvailable()
if (!installed && process.env.REQUIRE_SERVICES === '1') {
  throw new Error('OpenSSH sftp and sshpass are required (REQUIRE_SERVICES=1): run scripts/ensure-services.sh')
}

/** Wrong tries per transfer and client address before the limiter refuses (AUTH_RATE_LIMIT_PER_ACCOUNT). */
const perClient = 3
const stacks = testStacks.map((stack) => ({
  ...stack,
  env: {
    ...stack.env,
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: String(perClient),
    REDIS_KEY_PREFIX: `test-${crypto.randomUUID()}:`,
  },
}))

interface Login {
  host: string
  port: number
  username: string
  password: string
  host_key_fingerprint: string
}

interface Sent {
  sender: Sender
  id: string
  uniqueId: string
  bodies: Map<string, Buffer>
}

/** Sam (Pro: sftp_download) sends a report and a folder of two photos. */
async function send(app: TestApp, role: 'PREMIUM' | 'FREE' = 'PREMIUM'): Promise<Sent> {
  const sender = await signUp(app, role, 'Sam Sender')
  const bodies = new Map([
    ['report.pdf', randomBody(300_000)],
    ['photos/a.jpg', randomBody(70_001)],
    ['photos/b.jpg', randomBody(0)],
  ])
  const records = await uploadFiles(
    app,
    sender,
    [...bodies].map(([name, body]) => ({ name, body })),
  )
  const res = await postTransfer(app, sender.token, { files: records, recipient_emails: ['ana@example.com'] })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { sender, id: res.body.id as string, uniqueId: res.body.unique_id as string, bodies }
}

async function loginOf(app: TestApp, sent: Sent): Promise<Login> {
  const res = await getJson<Login>(app, `/api/transfers/${sent.id}/sftp`, sent.sender.token)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}

/** A command's standard output, with `input` on its standard input. */
function run(command: string, args: string[], input = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args)
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.on('error', reject)
    child.on('close', () => resolve(out))
    child.stdin.end(input)
  })
}

/** An ssh2 client that opens one file for reading and keeps it open (reading nothing) until closed. */
async function openWithSsh2(port: number, username: string, password: string, file: string) {
  const client = new ssh2.Client()
  await new Promise<void>((resolve, reject) => {
    client.once('ready', resolve).once('error', reject)
    client.connect({ host: '127.0.0.1', port, username, password })
  })
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) =>
    client.sftp((error, wrapper) => (error ? reject(error) : resolve(wrapper))),
  )
  await new Promise<Buffer>((resolve, reject) =>
    sftp.open(file, 'r', (error, handle) => (error ? reject(error) : resolve(handle))),
  )
  return {
    close: () =>
      new Promise<void>((resolve) => {
        client.once('close', () => resolve())
        client.end()
      }),
  }
}

const tempDir = () => fs.mkdtemp(path.join(os.tmpdir(), 'ferry-sftp-'))

describe.skipIf(!installed)('SFTP download (OpenSSH client)', async () => {
  await forEachStack((getApp) => {
    let server: RunningSftpServer
    beforeAll(async () => {
      server = await startSftp(getApp().deps, getApp().services.sftp, 0)
    })
    afterAll(() => server?.close())

    it('shows the sender a login whose host key is the one the server presents', async () => {
      const app = getApp()
      const sent = await send(app)
      const login = await loginOf(app, sent)
      expect(login).toMatchObject({ host: 'localhost', port: server.port, username: `ferry-${sent.uniqueId}` })
      expect(login.password).toMatch(/^[A-Za-z0-9_-]{24}$/)
      // What a client sees on first connect: ssh-keyscan, fingerprinted by ssh-keygen (run
      // asynchronously: the server answering them runs in this process).
      const scan = await run('ssh-keyscan', ['-p', String(server.port), '-t', 'ed25519', '127.0.0.1'])
      const print = await run('ssh-keygen', ['-lf', '-'], scan)
      expect(print).toContain(login.host_key_fingerprint)
      // Not the sender: no login to see.
      const other = await signUp(app, 'PREMIUM', 'Other Sender')
      expect((await getJson(app, `/api/transfers/${sent.id}/sftp`, other.token)).status).toBe(404)
      expect((await app.api(`/api/transfers/${sent.id}/sftp`)).status).toBe(401)
    })

    it('lists the files and folders and gets each one byte for byte; each counts as a download', async () => {
      const app = getApp()
      const sent = await send(app)
      const login = await loginOf(app, sent)
      const dir = await tempDir()
      const run = await runSftp(
        server.port,
        login.username,
        login.password,
        ['ls -l', 'ls photos', 'get report.pdf', 'get -r photos'],
        {
          cwd: dir,
        },
      )
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/-r--r--r--.*300000.*report\.pdf/)
      expect(run.stdout).toMatch(/dr-xr-xr-x.*photos/)
      expect(run.stdout).toContain('photos/a.jpg')
      for (const [name, body] of sent.bodies) {
        expect(sha256(await fs.readFile(path.join(dir, name))), name).toBe(sha256(body))
      }
      await expect.poll(() => downloadCount(app, sent.id)).toBe(3)
      await fs.rm(dir, { recursive: true })
    })

    it('refuses every change: put, rm, rename, mkdir', async () => {
      const app = getApp()
      const sent = await send(app)
      const login = await loginOf(app, sent)
      const dir = await tempDir()
      await fs.writeFile(path.join(dir, 'new.txt'), 'hello')
      for (const command of ['put new.txt', 'rm report.pdf', 'rename report.pdf other.pdf', 'mkdir extra']) {
        const run = await runSftp(server.port, login.username, login.password, [command], { cwd: dir })
        expect(run.code, command).not.toBe(0)
        expect(run.stderr, command).toMatch(/Permission denied/i)
      }
      const list = await runSftp(server.port, login.username, login.password, ['ls'])
      expect(list.stdout).toContain('report.pdf')
      expect(list.stdout).not.toContain('other.pdf')
      await fs.rm(dir, { recursive: true })
    })

    it('holds the last allowed download from the open, before the first byte: a second client is refused until the first lets go', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM', 'Sam Sender')
      const body = randomBody(100_000)
      const records = await uploadFiles(app, sender, [{ name: 'once.bin', body }])
      const res = await postTransfer(app, sender.token, {
        files: records,
        recipient_emails: ['ana@example.com'],
        max_downloads: 1,
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      const sent = { sender, id: res.body.id as string, uniqueId: res.body.unique_id as string, bodies: new Map() }
      const login = await loginOf(app, sent)

      // A client opens the file and reads nothing yet: it holds the one download.
      const holder = await openWithSsh2(server.port, login.username, login.password, 'once.bin')
      const dir = await tempDir()
      const refused = await runSftp(server.port, login.username, login.password, ['get once.bin'], { cwd: dir })
      expect(refused.code).not.toBe(0)
      expect(refused.stderr).toMatch(/Permission denied|download limit/i)
      // Letting go without reading gives the slot back; the next whole read counts and spends it.
      await holder.close()
      await expect
        .poll(
          async () => (await runSftp(server.port, login.username, login.password, ['get once.bin'], { cwd: dir })).code,
        )
        .toBe(0)
      expect(sha256(await fs.readFile(path.join(dir, 'once.bin')))).toBe(sha256(body))
      await expect.poll(() => downloadCount(app, sent.id)).toBe(1)
      expect((await runSftp(server.port, login.username, login.password, ['ls'])).code).not.toBe(0)
      await fs.rm(dir, { recursive: true })
    })

    it("signs in with an SSH key on the sender's profile; a stranger's key, or a removed one, is refused", async () => {
      const app = getApp()
      const sent = await send(app)
      const login = await loginOf(app, sent)
      const mine = await makeKeyPair('ed25519')
      const stranger = await makeKeyPair('ecdsa')
      try {
        const added = await addSshKey(app.api, sent.sender.token, mine.publicLine)
        expect(added.status).toBe(201)
        const keyId = ((await added.json()) as { id: string }).id
        // The stranger's key is on another Pro account's profile: it opens that account's transfers only.
        const other = await signUp(app, 'PREMIUM', 'Other Sender')
        expect((await addSshKey(app.api, other.token, stranger.publicLine)).status).toBe(201)

        const dir = await tempDir()
        const got = await runSftp(
          server.port,
          login.username,
          { identity: mine.identity },
          ['ls photos', 'get report.pdf'],
          {
            cwd: dir,
          },
        )
        expect(got.code, got.stderr).toBe(0)
        expect(got.stdout).toContain('a.jpg')
        expect(sha256(await fs.readFile(path.join(dir, 'report.pdf')))).toBe(sha256(sent.bodies.get('report.pdf')!))
        const refused = await runSftp(server.port, login.username, { identity: stranger.identity }, ['ls'])
        expect(refused.code).not.toBe(0)
        expect(refused.stdout).not.toContain('report.pdf')

        const removed = await app.api(`/api/account/ssh-keys/${keyId}`, {
          method: 'DELETE',
          headers: bearer(sent.sender.token),
        })
        expect(removed.status).toBe(204)
        expect((await runSftp(server.port, login.username, { identity: mine.identity }, ['ls'])).code).not.toBe(0)
        await fs.rm(dir, { recursive: true })
      } finally {
        await mine.remove()
        await stranger.remove()
      }
    })

    it("puts the SFTP login in the recipients' emails when the sender chooses, and it signs in", async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM', 'Sam Sender')
      const body = randomBody(50_000)
      const records = await uploadFiles(app, sender, [{ name: 'mailed.bin', body }])
      const rita = `rita-${crypto.randomUUID()}@example.com`
      const res = await postTransfer(app, sender.token, {
        files: records,
        recipient_emails: [rita],
        sftp_in_email: true,
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      const sent = { sender, id: res.body.id as string, uniqueId: res.body.unique_id as string, bodies: new Map() }
      const login = await loginOf(app, sent)
      const { port, host } = app.deps.config.sftp
      const mailTo = async (to: string) => {
        await expect.poll(async () => (await outbox(app)).some((m) => m.to.includes(to))).toBe(true)
        return (await outbox(app)).find((m) => m.to.includes(to))!.text
      }
      const text = await mailTo(rita)
      expect(text).toContain(`sftp -P ${port} ${login.username}@${host}`)
      expect(text).toContain(`Password: ${login.password}`)
      // What the email says opens the files (here on the test's own SFTP port).
      const password = /Password: (\S+)/.exec(text)![1]!
      const dir = await tempDir()
      const got = await runSftp(server.port, login.username, password, ['get mailed.bin'], { cwd: dir })
      expect(got.code, got.stderr).toBe(0)
      expect(sha256(await fs.readFile(path.join(dir, 'mailed.bin')))).toBe(sha256(body))
      await fs.rm(dir, { recursive: true })

      // Turned off, a new recipient's email carries no login; the transfer's record says which.
      const patch = await app.api(`/api/transfers/${sent.id}`, {
        method: 'PATCH',
        headers: { ...bearer(sender.token), 'content-type': 'application/json' },
        body: JSON.stringify({ sftp_in_email: false, recipient_emails: [rita, 'bo@example.com'] }),
      })
      expect(patch.status).toBe(200)
      expect(((await patch.json()) as { sftp_in_email: boolean }).sftp_in_email).toBe(false)
      expect(await mailTo('bo@example.com')).not.toContain('sftp -P')

      // Without the plan flag, asking for it is refused and nothing is sent.
      const guest = await signUp(app, 'FREE', 'Gus Guest')
      const guestFiles = await uploadFiles(app, guest, [{ name: 'x.bin', body }])
      const refused = await postTransfer(app, guest.token, {
        files: guestFiles,
        recipient_emails: ['cy@example.com'],
        sftp_in_email: true,
      })
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('plan_feature_missing')
    })

    it('refuses a wrong password, and once over the limit, the right one too', async () => {
      const app = getApp()
      const sent = await send(app)
      const login = await loginOf(app, sent)
      for (let i = 0; i < perClient; i++) {
        const wrong = await runSftp(server.port, login.username, `${login.password.slice(1)}x`, ['ls'])
        expect(wrong.code).not.toBe(0)
      }
      // The limiter answers before the password is compared: the right one is refused now too.
      const refused = await runSftp(server.port, login.username, login.password, ['ls'])
      expect(refused.code).not.toBe(0)
      expect(refused.stdout).not.toContain('report.pdf')
    })

    it('stops when the transfer changes its password, expires or is deleted', async () => {
      const app = getApp()
      const sent = await send(app)
      const before = await loginOf(app, sent)
      expect((await runSftp(server.port, before.username, before.password, ['ls'])).code).toBe(0)

      const patch = await app.api(`/api/transfers/${sent.id}`, {
        method: 'PATCH',
        headers: { ...bearer(sent.sender.token), 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'a new passphrase for it' }),
      })
      expect(patch.status).toBe(200)
      const after = await loginOf(app, sent)
      expect(after.password).not.toBe(before.password)
      expect((await runSftp(server.port, before.username, before.password, ['ls'])).code).not.toBe(0)
      expect((await runSftp(server.port, after.username, after.password, ['ls'])).code).toBe(0)

      await setExpiry(app, sent.id, new Date(Date.now() - 1000))
      expect((await runSftp(server.port, after.username, after.password, ['ls'])).code).not.toBe(0)
      expect((await getJson(app, `/api/transfers/${sent.id}/sftp`, sent.sender.token)).status).toBe(403)

      const deleted = await send(app)
      const gone = await loginOf(app, deleted)
      const del = await app.api(`/api/transfers/${deleted.id}`, {
        method: 'DELETE',
        headers: bearer(deleted.sender.token),
      })
      expect(del.status).toBe(200)
      expect((await runSftp(server.port, gone.username, gone.password, ['ls'])).code).not.toBe(0)
    })

    it('changes the login of a recipients-only transfer when its recipient list changes: a removed recipient is out', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM', 'Sam Sender')
      const records = await uploadFiles(app, sender, [{ name: 'only.bin', body: randomBody(1000) }])
      const res = await postTransfer(app, sender.token, {
        files: records,
        recipient_emails: ['ana@example.com', 'bo@example.com'],
        access: 'recipients',
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      const sent = { sender, id: res.body.id as string, uniqueId: res.body.unique_id as string, bodies: new Map() }
      const before = await loginOf(app, sent)
      expect((await runSftp(server.port, before.username, before.password, ['ls'])).code).toBe(0)
      const patch = await app.api(`/api/transfers/${sent.id}`, {
        method: 'PATCH',
        headers: { ...bearer(sender.token), 'content-type': 'application/json' },
        body: JSON.stringify({ recipient_emails: ['ana@example.com'] }),
      })
      expect(patch.status).toBe(200)
      const after = await loginOf(app, sent)
      expect(after.password).not.toBe(before.password)
      expect((await runSftp(server.port, before.username, before.password, ['ls'])).code).not.toBe(0)
      expect((await runSftp(server.port, after.username, after.password, ['ls'])).code).toBe(0)
    })

    it('gives a Guest transfer no SFTP: 403 plan_feature_missing, and its derived password opens nothing', async () => {
      const app = getApp()
      const sent = await send(app, 'FREE')
      const res = await getJson(app, `/api/transfers/${sent.id}/sftp`, sent.sender.token)
      expect(res.status).toBe(403)
      expect(res.body.code).toBe('plan_feature_missing')
      const secret = await loadOrCreateSecret(app.deps.database.db, 'sftp-credentials')
      const password = sftpPassword(secret, { id: sent.id, passwordHash: null, access: 'link' }, [])
      expect((await runSftp(server.port, sent.uniqueId, password, ['ls'])).code).not.toBe(0)
    })
  }, stacks)
})

/** A file of `size` bytes made of one random MiB repeated (so making it costs no CPU), and its sha256. */
async function bigFile(size: number): Promise<{ file: string; digest: string }> {
  const dir = await tempDir()
  const file = path.join(dir, 'big.bin')
  const block = randomBody(1024 * 1024)
  const hash = createHash('sha256')
  const handle = await fs.open(file, 'w')
  for (let written = 0; written < size; written += block.length) {
    const piece = block.subarray(0, Math.min(block.length, size - written))
    await handle.write(piece)
    hash.update(piece)
  }
  await handle.close()
  return { file, digest: hash.digest('hex') }
}

/** Uploads a file from disk through presign + PUT, streamed (never whole in this process). */
async function uploadFromDisk(app: TestApp, sender: Sender, file: string, size: number): Promise<string> {
  const presigned = await ok<{ url: string; file_key: string; headers: Record<string, string> }>(
    app.api,
    'presign',
    { filename: 'big.bin', content_type: 'application/octet-stream', file_size: size },
    as(sender.token),
  )
  const put = await fetch(presigned.url, {
    method: 'PUT',
    headers: { ...presigned.headers, 'content-length': String(size) },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit)
  expect(put.status).toBe(200)
  return presigned.file_key
}

/** Large enough that a copy held in memory would show: 1 GiB by default. */
const bigBytes = Number(process.env.SFTP_TEST_BIG_MIB ?? 1024) * 1024 * 1024

describe.skipIf(!installed)('SFTP download of a large file, streamed from the store', () => {
  for (const storage of ['local', 's3'] as const) {
    it(`fetches ${bigBytes / 2 ** 20} MiB from ${storage} storage with a matching sha256 and little memory`, async () => {
      const app = await buildTestApp({ storage, env: stacks[0]!.env })
      const server = await startSftp(app.deps, app.services.sftp, 0)
      const source = await bigFile(bigBytes)
      const target = await tempDir()
      try {
        const sender = await signUp(app, 'PREMIUM', 'Sam Sender')
        const key = await uploadFromDisk(app, sender, source.file, bigBytes)
        const res = await postTransfer(app, sender.token, {
          files: [{ file_key: key, file_name: 'big.bin', file_size: bigBytes }],
          recipient_emails: ['ana@example.com'],
        })
        expect(res.status, JSON.stringify(res.body)).toBe(201)
        const login = (await getJson<Login>(app, `/api/transfers/${res.body.id}/sftp`, sender.token)).body

        global.gc?.()
        const before = process.memoryUsage().rss
        let peak = before
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss)
        }, 50)
        const run = await runSftp(server.port, login.username, login.password, ['get big.bin'], {
          cwd: target,
          timeoutMs: 240_000,
        }).finally(() => clearInterval(sampler))
        expect(run.code, run.stderr).toBe(0)

        const got = createHash('sha256')
        for await (const chunk of createReadStream(path.join(target, 'big.bin'))) got.update(chunk)
        expect(got.digest('hex')).toBe(source.digest)
        expect((peak - before) / 2 ** 20, 'RSS growth in MiB while serving').toBeLessThan(64)
      } finally {
        await server.close()
        await app.close()
        await fs.rm(path.dirname(source.file), { recursive: true, force: true })
        await fs.rm(target, { recursive: true, force: true })
      }
    }, 300_000)
  }
})
