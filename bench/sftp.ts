// `npm run bench:sftp [-- --size 1GiB --rounds 3]`
//
// Issue 20: SFTP download throughput as a ratio of the HTTPS download of the same file in the
// same run. Against the real server (main.ts, local disk, PGlite, SFTP on a free port) in a child
// process, a Pro account (bought through the test checkout) sends one generated file; then, in
// rounds whose order rotates, (a) curl downloads it from the share URL through nginx ending TLS in
// front of Ferry, as a deployment serves it (HTTPS: encrypted, like SSH), (b) OpenSSH's `sftp`,
// signed in with the transfer's login (sshpass answers the password), gets it, and (c) curl
// downloads it from Ferry's plain HTTP port, for scale (no encryption: the machine's ceiling for
// the bytes). All write to /dev/null with the clients' default ciphers and options, as a user would
// run them. Before the rounds, the plain and SFTP bytes are checked once by SHA-256. Prints MB/s,
// the ratios sftp / HTTPS (the figure the issue asks for) and sftp / plain HTTP (the medians of
// each round's ratio) and the server's peak RSS above idle for each.
// Inputs are shared with bench:upload (.bench-data/upload/inputs); the server's data lives under
// .bench-data/sftp until the next run starts.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { opensshAvailable, runSftp } from '../server/src/sftp/testing/openssh-sftp.js'
import { freePort } from '../server/src/testing/free-port.js'
import { cpuByRole, cpuSnapshot } from './lib/cpu-by-process.js'
import { curlAvailable, download, downloadWithCurl } from './lib/download-client.js'
import { ensureInputFile } from './lib/input-file.js'
import { ensureNginx, startNginxTls } from './lib/nginx-server.js'
import { repoRoot, startFerry } from './lib/processes.js'
import { formatSize, mbPerSecond, median, parseSize } from './lib/stats.js'
import { buyBenchPlan, createUploadClient, registerBenchAccount } from './lib/upload-client.js'

const MiB = 1024 * 1024
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '1GiB' },
    rounds: { type: 'string', default: '3' },
  },
})
const size = parseSize(args.size)
const rounds = Number(args.rounds)
const root = path.join(repoRoot, '.bench-data', 'sftp')

interface Login {
  port: number
  username: string
  password: string
}

type Kind = 'https' | 'sftp' | 'http'

interface Sample {
  seconds: number
  rssAboveIdle: number
  /** CPU seconds of Ferry's process, and of everything else (clients, nginx, the machine's other load). */
  serverCpu: number
}

/** OpenSSH's sftp getting the file to `target`; the seconds it took. */
async function sftpGet(login: Login, target: string): Promise<number> {
  const started = performance.now()
  const run = await runSftp(login.port, login.username, login.password, [`get bench.bin ${target}`], {
    timeoutMs: 30 * 60_000,
  })
  if (run.code !== 0) throw new Error(`sftp get failed (${run.code}): ${run.stderr}`)
  return (performance.now() - started) / 1000
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk)
  return hash.digest('hex')
}

if (!curlAvailable) throw new Error('bench:sftp spawns curl; install it (apt-get install curl)')
if (!opensshAvailable()) throw new Error('bench:sftp spawns sftp and sshpass; run scripts/ensure-services.sh')
if (!ensureNginx()) throw new Error('bench:sftp puts nginx (TLS) in front of Ferry; install it (apt-get install nginx)')
await rm(root, { recursive: true, force: true })
await mkdir(root, { recursive: true })
const input = await ensureInputFile(path.join(repoRoot, '.bench-data', 'upload', 'inputs'), size)
const dataDir = path.join(root, 'ferry')
const ferry = await startFerry({ DATA_DIR: dataDir, SFTP_PORT: String(await freePort()) })
let tls: Awaited<ReturnType<typeof startNginxTls>> | undefined
try {
  tls = await startNginxTls(path.join(root, 'nginx'), ferry.url)
  const account = await registerBenchAccount(ferry.url, dataDir)
  await buyBenchPlan(ferry.url, account, 'pro')
  const client = createUploadClient(ferry.url, account.token)
  const fileKey = await client.single(input.file, input.size)
  const transfer = await client.post<{ id: string; unique_id: string }>('/api/transfers', {
    files: [{ file_key: fileKey, file_name: 'bench.bin', file_size: size }],
    recipient_emails: ['recipient@example.com'],
    title: 'SFTP bench',
  })
  const loginResponse = await fetch(`${ferry.url}/api/transfers/${transfer.id}/sftp`, {
    headers: { authorization: `Bearer ${account.token}` },
  })
  if (!loginResponse.ok) throw new Error(`The SFTP login answered ${loginResponse.status}`)
  const login = (await loginResponse.json()) as Login
  const sharePath = `/share/${transfer.unique_id}/download`
  const httpUrl = `${ferry.url}${sharePath}`
  const httpsUrl = `https://127.0.0.1:${tls.info.port}${sharePath}`

  // Each path's bytes, once, before anything is timed.
  const viaHttp = await download(httpUrl, { hash: true })
  if (viaHttp.sha256 !== input.sha256) throw new Error(`HTTP answered ${viaHttp.status}: the bytes differ (SHA-256)`)
  const checkDir = await mkdtemp(path.join(root, 'check-'))
  await sftpGet(login, path.join(checkDir, 'bench.bin'))
  if ((await sha256OfFile(path.join(checkDir, 'bench.bin'))) !== input.sha256) {
    throw new Error('SFTP: the downloaded bytes differ (SHA-256)')
  }
  await rm(checkDir, { recursive: true })

  const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim()
  console.log(`Local disk (PGlite), ${formatSize(size)}; ${load()}`)
  const samples: Record<Kind, Sample[]> = { https: [], sftp: [], http: [] }
  const kinds: Kind[] = ['https', 'sftp', 'http']
  for (let round = 0; round < rounds; round++) {
    // Each kind takes each place in turn: none always runs on a page cache or CPU the other warmed.
    const order = kinds.map((_, i) => kinds[(i + round) % kinds.length]!)
    for (const kind of order) {
      const idle = await ferry.resetPeak()
      const cpuBefore = cpuSnapshot()
      let seconds: number
      if (kind === 'sftp') {
        seconds = await sftpGet(login, '/dev/null')
      } else {
        const got = await downloadWithCurl(kind === 'https' ? httpsUrl : httpUrl, { insecure: true })
        if (got.status !== 200 || got.bytes !== size)
          throw new Error(`${kind} answered ${got.status}, ${got.bytes} bytes`)
        seconds = got.seconds
      }
      const cpu = cpuByRole(cpuBefore, cpuSnapshot(), new Map([[ferry.pid, 'ferry']]))
      const sample = { seconds, rssAboveIdle: (await ferry.peak()) - idle, serverCpu: cpu.get('ferry') ?? 0 }
      samples[kind].push(sample)
      console.log(
        `  round ${round + 1} ${kind.padEnd(5)} ${mbPerSecond(size, seconds).toFixed(0).padStart(6)} MB/s, ` +
          `RSS +${(sample.rssAboveIdle / MiB).toFixed(1)} MiB, Ferry CPU ${(sample.serverCpu / (size / 1024 ** 3)).toFixed(2)} s/GiB`,
      )
    }
  }
  const speed = (kind: Kind) => median(samples[kind].map((s) => mbPerSecond(size, s.seconds)))
  const cpuPerGiB = (kind: Kind) => median(samples[kind].map((s) => s.serverCpu)) / (size / 1024 ** 3)
  const rss = (kind: Kind) => Math.max(...samples[kind].map((s) => s.rssAboveIdle)) / MiB
  // Each round's SFTP figure against a download of the same round, then the median.
  const ratioTo = (kind: Kind) => median(samples.sftp.map((s, i) => samples[kind][i]!.seconds / s.seconds))
  console.log(
    [
      `\n=== SFTP download benchmark (${new Date().toISOString()})`,
      `Local disk (PGlite), ${formatSize(size)}, medians of ${rounds} rounds, SHA-256 checked once per path:`,
      `  HTTPS download (curl, nginx TLS)  ${speed('https').toFixed(0).padStart(6)} MB/s  peak RSS +${rss('https').toFixed(1)} MiB above idle, Ferry CPU ${cpuPerGiB('https').toFixed(2)} s/GiB`,
      `  SFTP download (OpenSSH sftp)      ${speed('sftp').toFixed(0).padStart(6)} MB/s  peak RSS +${rss('sftp').toFixed(1)} MiB above idle, Ferry CPU ${cpuPerGiB('sftp').toFixed(2)} s/GiB`,
      `  plain HTTP download (curl)        ${speed('http').toFixed(0).padStart(6)} MB/s  peak RSS +${rss('http').toFixed(1)} MiB above idle, Ferry CPU ${cpuPerGiB('http').toFixed(2)} s/GiB`,
      `  sftp / HTTPS                      ${ratioTo('https').toFixed(2)}`,
      `  sftp / plain HTTP                 ${ratioTo('http').toFixed(2)}`,
      `  ${load()}`,
    ].join('\n'),
  )
} finally {
  await tls?.stop()
  await ferry.stop()
}
