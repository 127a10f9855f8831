import { createHash, randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { transferFiles, transfers } from '../../server/src/db/schema/index.js'
import { createApiKey } from '../../server/src/features/api-keys/testing/api-keys-test-kit.js'
import {
  confirmSender,
  senderCodeMails,
} from '../../server/src/features/sender-confirmation/testing/sender-confirmation-test-kit.js'
import { jobRunner } from '../../server/src/features/transfers/previews/testing/previews-test-kit.js'
import { signUp } from '../../server/src/features/transfers/testing/transfers-test-kit.js'
import { generousSendLimits } from '../../server/src/testing/send-limits.js'
import { buildTestApp, type TestApp } from '../../server/src/testing/test-app.js'
import { createTestClock } from '../../server/src/testing/test-clock.js'
import { runCli, startCli } from './run-cli.js'

const MiB = 1024 * 1024
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** Every file under `dir`: relative path → SHA-256 of its bytes. */
async function treeHashes(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    result[path.relative(dir, full).split(path.sep).join('/')] = sha256(await readFile(full))
  }
  return result
}

/** The part PUTs the server received, by upload id and part number (local disk: PUT /blobs/…?uploadId&partNumber). */
const partPuts = new Map<string, number>()
/** Range headers of the GETs the server received. */
const ranges: string[] = []
/** PUTs of whole files (presigned, no uploadId). */
let wholePuts = 0
const countPartPut = (url: string) => {
  const query = new URL(url, 'http://x').searchParams
  const uploadId = query.get('uploadId')
  const partNumber = query.get('partNumber')
  if (!uploadId) wholePuts++
  if (uploadId && partNumber)
    partPuts.set(`${uploadId}#${partNumber}`, (partPuts.get(`${uploadId}#${partNumber}`) ?? 0) + 1)
}

describe('ferry (the command-line client) against a real server', () => {
  let app: TestApp
  let work: string
  let env: Record<string, string>
  const clock = createTestClock()
  const jobs = jobRunner()
  afterEach(() => jobs.stop())

  beforeAll(async () => {
    app = await buildTestApp({
      env: generousSendLimits,
      clock,
      beforeListen: (fastify) => {
        fastify.addHook('onRequest', async (request) => {
          if (request.method === 'PUT' && request.url.startsWith('/blobs/')) countPartPut(request.url)
          if (request.method === 'GET' && request.headers.range) ranges.push(request.headers.range)
        })
      },
    })
    work = await mkdtemp(path.join(os.tmpdir(), 'ferry-cli-'))
    env = {
      HOME: work,
      XDG_CONFIG_HOME: path.join(work, 'config'),
      XDG_STATE_HOME: path.join(work, 'state'),
    }
    // Premium: transfer passwords are a plan feature.
    const sender = await signUp(app, 'PREMIUM')
    const { key } = await createApiKey(app.api, sender.token, ['transfers:read', 'transfers:write'])
    const login = await runCli(['login', '--server', app.url, '--key', key], env)
    expect(login.code, login.stderr).toBe(0)
  })

  afterAll(async () => {
    await app?.close()
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('keeps the key in a config file only its owner can read', async () => {
    const file = path.join(env.XDG_CONFIG_HOME!, 'ferry', 'config.json')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ server: app.url })
  })

  it('sends a nested folder (an empty file, a file of several parts) and gets it back byte for byte', async () => {
    const folder = path.join(work, 'project')
    await mkdir(path.join(folder, 'docs', 'deep'), { recursive: true })
    await writeFile(path.join(folder, 'readme.txt'), 'hello from the command line\n')
    await writeFile(path.join(folder, 'empty.txt'), '')
    await writeFile(path.join(folder, 'docs', 'notes.bin'), randomBytes(300 * 1024))
    await writeFile(path.join(folder, 'docs', 'deep', 'big.bin'), randomBytes(12 * MiB))

    const sent = await runCli(
      [
        'send',
        folder,
        '--to',
        'ria@example.com',
        '--title',
        'Project',
        '--part-size',
        '5M',
        '--password',
        'open sesame',
      ],
      env,
    )
    expect(sent.code, sent.stderr).toBe(0)
    const shareUrl = sent.stdout.trim()
    expect(shareUrl).toMatch(/^http:\/\/.+\/share\/[^/]+$/)
    // 12 MiB in 5 MiB parts: three part PUTs, each once.
    expect([...partPuts.values()]).toEqual([1, 1, 1])

    const out = path.join(work, 'received')
    const got = await runCli(['get', shareUrl, '-o', out, '--password', 'open sesame'], env)
    expect(got.code, got.stderr).toBe(0)
    expect(got.stderr).toContain('sizes checked')
    expect(await treeHashes(out)).toEqual(await treeHashes(path.dirname(folder)).then(within('project')))

    // Once the server has read the files through (the file-digest job), get checks each SHA-256,
    // and refuses a file whose bytes are not the ones the server read.
    await jobs.run(app)
    const checked = await runCli(['get', shareUrl, '-o', path.join(work, 'checked'), '--password', 'open sesame'], env)
    expect(checked.code, checked.stderr).toBe(0)
    expect(checked.stderr).toContain('(SHA-256 checked)')
    const uniqueId = new URL(shareUrl).pathname.split('/').pop()!
    const [stored] = await app.deps.database.db.select().from(transfers).where(eq(transfers.uniqueId, uniqueId))
    await app.deps.database.db
      .update(transferFiles)
      .set({ sha256: '0'.repeat(64) })
      .where(and(eq(transferFiles.transferId, stored!.id), eq(transferFiles.fileName, 'project/readme.txt')))
    const refused = await runCli(['get', shareUrl, '-o', path.join(work, 'refused'), '--password', 'open sesame'], env)
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('the bytes differ')

    // Without the password: a clear refusal, no stack trace.
    const locked = await runCli(['get', shareUrl, '-o', path.join(work, 'nope')], env)
    expect(locked.code).toBe(2)
    expect(locked.stderr).toContain('--password')
    expect(locked.stderr).not.toMatch(/\n\s+at /)

    // ls lists it; rm deletes it, and its link stops working.
    const listed = await runCli(['ls'], env)
    expect(listed.code, listed.stderr).toBe(0)
    const row = listed.stdout.split('\n').find((line) => line.includes('Project'))
    expect(row).toMatch(/12\.3 MiB/)
    const id = row!.split(/\s+/)[0]!
    const removed = await runCli(['rm', id], env)
    expect(removed.code, removed.stderr).toBe(0)
    const gone = await runCli(['get', shareUrl, '-o', path.join(work, 'gone'), '--password', 'open sesame'], env)
    expect(gone.code).toBe(1)
    expect(gone.stderr).not.toMatch(/\n\s+at /)
  })

  it('resumes an upload killed mid-way without sending its finished parts again', async () => {
    const file = path.join(work, 'video.bin')
    const bytes = randomBytes(30 * MiB)
    await writeFile(file, bytes)
    const stateDir = path.join(env.XDG_STATE_HOME!, 'ferry', 'uploads')
    const args = ['send', file, '--to', 'ria@example.com', '--part-size', '5M', '--parallel', '1']

    // Slowed down (one part at a time, 20 MiB/s), so it is surely mid-way once two parts are in.
    const first = startCli([...args, '--limit-rate', '20M'], env)
    const atKill = await pollState(stateDir, (parts) => parts >= 2)
    first.child.kill('SIGKILL')
    const killed = await first.done
    expect(killed.signal).toBe('SIGKILL')
    const finished = Object.keys(atKill.parts).map(Number)
    expect(finished.length).toBeLessThan(6)

    const second = await runCli(args, env)
    expect(second.code, second.stderr).toBe(0)
    expect(second.stderr).toMatch(/Resumed: \d+(\.\d)? MiB were already on the server/)
    // Each finished part went up once: only the missing ones were sent by the second run.
    for (const n of finished) expect(partPuts.get(`${atKill.uploadId}#${n}`)).toBe(1)
    for (let n = 1; n <= 6; n++) expect(partPuts.get(`${atKill.uploadId}#${n}`) ?? 0).toBeGreaterThanOrEqual(1)
    // The state is dropped once the transfer exists.
    expect(await readdir(stateDir)).toEqual([])

    // A download cut after 7 MiB continues from there with a Range request.
    const out = path.join(work, 'video-out')
    await mkdir(out)
    await writeFile(path.join(out, 'video.bin.ferry-partial'), bytes.subarray(0, 7 * MiB))
    const got = await runCli(['get', second.stdout.trim(), '-o', out], env)
    expect(got.code, got.stderr).toBe(0)
    expect(ranges).toContain(`bytes=${7 * MiB}-`)
    expect(sha256(await readFile(path.join(out, 'video.bin')))).toBe(sha256(bytes))
    expect(await readdir(out)).toEqual(['video.bin'])
  })

  it('on the free plan: asks to confirm the sender first, refuses a password, and keeps the uploads for the re-run', async () => {
    const free = await signUp(app, 'FREE')
    const { key } = await createApiKey(app.api, free.token, ['transfers:read', 'transfers:write'])
    // FERRY_KEY overrides the stored login, as a script would use it.
    const asFree = { ...env, FERRY_KEY: key }
    const file = path.join(work, 'free.txt')
    await writeFile(file, 'for the free plan')
    const args = ['send', file, '--to', 'ria@example.com']

    // The guest plan asks every new key to confirm an emailed code; without a terminal, say how.
    // (A minute on: the account's own confirmation just used the one email a minute an address gets.)
    clock.advance(61_000)
    const unconfirmed = await runCli(args, asFree)
    expect(unconfirmed.code).toBe(1)
    expect(unconfirmed.stderr).toContain('run `ferry login` in a terminal')
    // The refusal emailed a code (after the one the account's session confirmed): type that one.
    await vi.waitFor(async () => expect(await senderCodeMails(app, free.email)).toHaveLength(2), { timeout: 10_000 })
    await confirmSender(app, key, free.email)

    const withPassword = await runCli([...args, '--password', 'secret words'], asFree)
    expect(withPassword.code).toBe(1)
    expect(withPassword.stderr).toMatch(/^ferry: .*upgrade it on the web/m)
    expect(withPassword.stderr).not.toMatch(/\n\s+at /)

    const before = wholePuts
    const sent = await runCli(args, asFree)
    expect(sent.code, sent.stderr).toBe(0)
    expect(sent.stderr).toContain('Resumed')
    expect(wholePuts).toBe(before)
  })

  it('reads the key from stdin, and refuses a wrong one without storing it', async () => {
    const own = { ...env, XDG_CONFIG_HOME: path.join(work, 'config-piped') }
    const sender = await signUp(app, 'PREMIUM')
    const { key } = await createApiKey(app.api, sender.token, ['transfers:read'])
    const wrong = await runCli(
      ['login', '--server', app.url],
      own,
      'ferry_wrongwrongwrongwrongwrongwrongwrongwrongwro\n',
    )
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('refused this key')
    await expect(stat(path.join(own.XDG_CONFIG_HOME, 'ferry', 'config.json'))).rejects.toThrow()

    const piped = await runCli(['login', '--server', app.url], own, `${key}\n`)
    expect(piped.code, piped.stderr).toBe(0)
    expect(piped.stderr).toContain('cannot send or delete (no transfers:write scope)')
    expect(JSON.parse(await readFile(path.join(own.XDG_CONFIG_HOME, 'ferry', 'config.json'), 'utf8'))).toEqual({
      server: app.url,
      key,
    })
  })

  it('says to log in again when the key is refused, with exit code 1 and no stack trace', async () => {
    const result = await runCli(['ls'], { ...env, FERRY_KEY: 'ferry_not-a-real-key-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('run `ferry login`')
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('refuses a command line it cannot run with exit code 2', async () => {
    const result = await runCli(['send', path.join(work, 'missing.bin')], env)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--to')
  })
})

/** Maps `relative path → hash` of a parent folder to those under `name`, as `ferry get` lays them out. */
const within = (name: string) => (hashes: Record<string, string>) =>
  Object.fromEntries(Object.entries(hashes).filter(([p]) => p.startsWith(`${name}/`)))

/**
 * Polls the upload state folder until a multipart upload's state has `enough` finished parts;
 * that state. No fixed sleeps: it reads as often as the file changes, up to a deadline.
 */
async function pollState(
  dir: string,
  enough: (parts: number) => boolean,
): Promise<{ uploadId: string; parts: Record<string, string> }> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    for (const name of await readdir(dir).catch(() => [])) {
      if (!name.endsWith('.json')) continue
      const text = await readFile(path.join(dir, name), 'utf8').catch(() => '')
      try {
        const upload = JSON.parse(text).upload
        if (upload?.kind === 'multipart' && enough(Object.keys(upload.parts).length)) return upload
      } catch {
        // Half-read while it was replaced: read again.
      }
    }
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error('The upload state never showed enough finished parts')
}

describe('ferry against a server storing in S3', () => {
  let app: TestApp
  let work: string

  beforeAll(async () => {
    app = await buildTestApp({ storage: 's3', env: generousSendLimits })
    work = await mkdtemp(path.join(os.tmpdir(), 'ferry-cli-s3-'))
  })
  afterAll(async () => {
    await app?.close()
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('sends parts to the presigned S3 URLs and gets the files back byte for byte', async () => {
    const sender = await signUp(app, 'PREMIUM')
    const { key } = await createApiKey(app.api, sender.token)
    const env = { HOME: work, XDG_STATE_HOME: path.join(work, 'state'), FERRY_SERVER: app.url, FERRY_KEY: key }
    const folder = path.join(work, 'album')
    await mkdir(folder)
    await writeFile(path.join(folder, 'small.txt'), 'on S3')
    await writeFile(path.join(folder, 'large.bin'), randomBytes(11 * MiB))

    const sent = await runCli(['send', folder, '--to', 'ria@example.com', '--part-size', '5M'], env)
    expect(sent.code, sent.stderr).toBe(0)
    const out = path.join(work, 'out')
    const got = await runCli(['get', sent.stdout.trim(), '-o', out], env)
    expect(got.code, got.stderr).toBe(0)
    expect(await treeHashes(out)).toEqual(await treeHashes(work).then(within('album')))
  })
})
