// `npm run bench:put [-- --size 1GiB --rounds 3]`
//
// Issue 20: `curl -T` upload as a ratio of the presigned PUT. Against the real server (main.ts,
// local disk, PGlite) in a child process, the same generated file is sent, in rounds whose order
// alternates, (a) as bench:upload's single PUT does (presign, then one PUT from Node) and (b) by
// the real curl, spawned as a user runs it: `curl -T <file> <url>/api/put/<name> -H
// "Authorization: Bearer <key>"` with an API key (scope transfers:write) made through POST
// /api/keys. The PUT's time includes the transfer creation that answers the share URL. Every
// upload is checked by SHA-256: the presigned one read from the store, the curl one downloaded
// through the share URL it answered. Prints both in MB/s and the ratio curl-put / presigned PUT
// (the median of each round's ratio), and the server's peak RSS above idle for each.
// Inputs are shared with bench:upload (.bench-data/upload/inputs); uploads live under
// .bench-data/put-upload until the next run starts.
import { execFile, execFileSync } from 'node:child_process'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createLocalDiskBlobStore } from '../server/src/adapters/blob-store/local-disk-blob-store.js'
import { curlAvailable, download } from './lib/download-client.js'
import { ensureInputFile, type InputFile, sha256Of } from './lib/input-file.js'
import { type FerryServer, repoRoot, startFerry } from './lib/processes.js'
import { formatSize, mbPerSecond, median, parseSize } from './lib/stats.js'
import { createBenchApiKey, createUploadClient, registerBenchAccount, type UploadClient } from './lib/upload-client.js'

const MiB = 1024 * 1024
const { values: args } = parseArgs({
  options: {
    // The file bench:upload's single PUT sends.
    size: { type: 'string', default: '1GiB' },
    rounds: { type: 'string', default: '3' },
  },
})
const size = parseSize(args.size)
const rounds = Number(args.rounds)

const root = path.join(repoRoot, '.bench-data', 'put-upload')
const flushDisk = () => execFileSync('sync')

/** `curl -T file url -H "Authorization: Bearer key"`, spawned; its status and answer (the share URL). */
function curlPut(file: string, url: string, key: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      'curl',
      // -sS: no progress meter (the answer is read here); -w: the status after the body.
      ['-sS', '-T', file, url, '-H', `Authorization: Bearer ${key}`, '-w', '\n%{http_code}'],
      (error, stdout) => {
        if (error) return reject(error)
        const at = stdout.lastIndexOf('\n')
        resolve({ status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at).trim() })
      },
    )
  })
}

interface Sample {
  seconds: number
  rssAboveIdle: number
}

type Kind = 'presigned' | 'curl-put'

interface Setup {
  ferry: FerryServer
  client: UploadClient
  key: string
  store: ReturnType<typeof createLocalDiskBlobStore>
}

async function measure(setup: Setup, input: InputFile, kind: Kind): Promise<Sample> {
  flushDisk()
  const idle = await setup.ferry.resetPeak()
  const started = performance.now()
  let check: () => Promise<string | undefined>
  if (kind === 'presigned') {
    const key = await setup.client.single(input.file, input.size)
    check = async () => sha256Of(await setup.store.read(key))
  } else {
    const put = await curlPut(input.file, `${setup.ferry.url}/api/put/bench.bin`, setup.key)
    if (put.status !== 201) throw new Error(`curl -T answered ${put.status}: ${put.body}`)
    const share = new URL(put.body)
    check = async () => {
      const got = await download(`${setup.ferry.url}${share.pathname}/download`, { hash: true })
      if (got.status !== 200) throw new Error(`The download of ${put.body} answered ${got.status}`)
      return got.sha256
    }
  }
  const seconds = (performance.now() - started) / 1000
  const rssAboveIdle = (await setup.ferry.peak()) - idle
  if ((await check()) !== input.sha256) throw new Error(`${kind}: the stored bytes differ (SHA-256)`)
  return { seconds, rssAboveIdle }
}

if (!curlAvailable) throw new Error('bench:put spawns curl; install it (apt-get install curl)')
await rm(root, { recursive: true, force: true })
await mkdir(root, { recursive: true })
const input = await ensureInputFile(path.join(repoRoot, '.bench-data', 'upload', 'inputs'), size)
const dataDir = path.join(root, 'ferry')
const ferry = await startFerry({ DATA_DIR: dataDir })
try {
  // Only the key sends transfers: it is the one confirmed as a sender.
  const account = await registerBenchAccount(ferry.url, dataDir, { confirmSender: false })
  const setup: Setup = {
    ferry,
    client: createUploadClient(ferry.url, account.token),
    key: await createBenchApiKey(ferry.url, dataDir, account, ['transfers:write']),
    store: createLocalDiskBlobStore({
      dir: path.join(dataDir, 'blobs'),
      publicUrl: 'http://127.0.0.1',
      signingSecret: 'only-reading-in-the-benchmark',
    }),
  }
  const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim()
  console.log(`Local disk (PGlite), ${formatSize(size)}; ${load()}`)
  const samples: Record<Kind, Sample[]> = { presigned: [], 'curl-put': [] }
  for (let round = 0; round < rounds; round++) {
    const order: Kind[] = round % 2 ? ['curl-put', 'presigned'] : ['presigned', 'curl-put']
    for (const kind of order) {
      const sample = await measure(setup, input, kind)
      samples[kind].push(sample)
      console.log(
        `  round ${round + 1} ${kind.padEnd(9)} ${mbPerSecond(size, sample.seconds).toFixed(0).padStart(6)} MB/s, ` +
          `RSS +${(sample.rssAboveIdle / MiB).toFixed(1)} MiB`,
      )
    }
  }
  const speed = (kind: Kind) => median(samples[kind].map((s) => mbPerSecond(size, s.seconds)))
  const rss = (kind: Kind) => Math.max(...samples[kind].map((s) => s.rssAboveIdle)) / MiB
  // Each round's curl figure against the presigned PUT of the same round, then the median.
  const ratio = median(samples['curl-put'].map((s, i) => samples.presigned[i]!.seconds / s.seconds))
  console.log(
    [
      `\n=== PUT upload benchmark (${new Date().toISOString()})`,
      `Local disk (PGlite), ${formatSize(size)}, medians of ${rounds} rounds, SHA-256 checked:`,
      `  presigned PUT (Node client)       ${speed('presigned').toFixed(0).padStart(6)} MB/s  peak RSS +${rss('presigned').toFixed(1)} MiB above idle`,
      `  curl -T /api/put (API key)        ${speed('curl-put').toFixed(0).padStart(6)} MB/s  peak RSS +${rss('curl-put').toFixed(1)} MiB above idle`,
      `  curl-put / presigned PUT          ${ratio.toFixed(2)}`,
      `  ${load()}`,
    ].join('\n'),
  )
} finally {
  await ferry.stop()
}
