// `npm run bench:upload [-- --size 1GiB --rounds 3 --stores local,s3]`
//
// Uploads a generated file through Ferry's real endpoints, served by the real server (main.ts)
// in a child process: by one presigned PUT and by multipart (16 MiB parts, 6 in flight,
// complete included), on local disk and on the S3 test server (s3rver). Every stored object is
// read back and checked by SHA-256. In the same run it measures two ceilings on a bare Node
// server piping each body to a file with 1 MiB buffers: one PUT of the whole file (for the
// presigned PUT), and the same client sending the same parts, as many in flight, without
// Ferry's API (for multipart, issue 24 item 5). It prints each figure in MB/s and as a ratio to
// its ceiling (medians over rounds whose order alternates, as other work on the machine makes
// single figures noisy), the sign-parts latency, and the server's peak RSS above idle.
// Everything lives under .bench-data/upload on the repository's disk; the input files are
// kept between runs, the uploads of a run until the next run starts.
import { execFileSync } from 'node:child_process'
import { mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { partsPerSigning } from '@ferry/contracts/domain/part-signer'
import type { BlobStore } from '../server/src/adapters/blob-store/blob-store.js'
import { createLocalDiskBlobStore } from '../server/src/adapters/blob-store/local-disk-blob-store.js'
import { createS3BlobStore } from '../server/src/adapters/blob-store/s3-blob-store.js'
import { cpuSecondsOf } from './lib/cpu-by-process.js'
import { ensureInputFile, type InputFile, sha256Of } from './lib/input-file.js'
import { type Child, type FerryServer, repoRoot, startCeiling, startFerry, startS3rver } from './lib/processes.js'
import { formatSize, mbPerSecond, median, parseSize, quantile } from './lib/stats.js'
import { createUploadClient, putFile, putPartsBare, registerBenchUser, type UploadClient } from './lib/upload-client.js'

const MiB = 1024 * 1024
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '1GiB' },
    'small-size': { type: 'string', default: '64MiB' },
    rounds: { type: 'string', default: '3' },
    stores: { type: 'string', default: 'local,s3' },
    'part-size': { type: 'string', default: '16MiB' },
    concurrency: { type: 'string', default: '6' },
  },
})
const size = parseSize(args.size)
const smallSize = parseSize(args['small-size'])
const rounds = Number(args.rounds)
const partSize = parseSize(args['part-size'])
const concurrency = Number(args.concurrency)
const stores = args.stores.split(',').map((s) => s.trim()) as ('local' | 's3')[]

const root = path.join(repoRoot, '.bench-data', 'upload')
const work = path.join(root, 'work')

type Input = InputFile

/** A file of random bytes, generated once and kept (with its SHA-256) between runs. */
const ensureInput = (bytes: number): Promise<Input> => ensureInputFile(path.join(root, 'inputs'), bytes)

/** Dirty pages of the previous measurement are written out first, so each starts alike. */
const flushDisk = () => execFileSync('sync')

/**
 * What a measurement stored is removed once checked: gigabytes of earlier uploads in the page
 * cache made later rounds pay for the kernel reclaiming memory (four times the CPU per GiB).
 */
async function emptyFolder(dir: string) {
  for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true, force: true })
}

interface Sample {
  seconds: number
  /** CPU seconds the server that took the bytes used (Ferry with its database thread, or the bare one). */
  serverCpu: number
  idleRss?: number
  rssAboveIdle?: number
  signMs?: number[]
}

interface Setup {
  name: string
  ferry: FerryServer
  client: UploadClient
  ceilingUrl: string
  ceilingPid: number
  /** Where the ceiling server writes its files. */
  ceilingDir: string
  /** Reads what Ferry stored, to check it. */
  store: BlobStore
}

/** Wall and server CPU seconds of `upload`, started on a flushed disk. */
async function timed<T>(serverPid: number, upload: () => Promise<T>) {
  flushDisk()
  const cpuBefore = cpuSecondsOf(serverPid) ?? 0
  const started = performance.now()
  const result = await upload()
  const seconds = (performance.now() - started) / 1000
  return { result, seconds, serverCpu: (cpuSecondsOf(serverPid) ?? 0) - cpuBefore }
}

async function measureCeiling(setup: Setup, input: Input): Promise<Sample> {
  const { result: put, ...sample } = await timed(setup.ceilingPid, () =>
    putFile(setup.ceilingUrl, input.file, { start: 0, end: input.size - 1 }),
  )
  if (put.status !== 200) throw new Error(`The ceiling server answered ${put.status}`)
  await emptyFolder(setup.ceilingDir)
  return sample
}

async function measureParallelCeiling(setup: Setup, input: Input): Promise<Sample> {
  const { result: _, ...sample } = await timed(setup.ceilingPid, () =>
    putPartsBare(setup.ceilingUrl, input.file, input.size, partSize, concurrency),
  )
  await emptyFolder(setup.ceilingDir)
  return sample
}

async function measureFerry(setup: Setup, input: Input, mode: 'single' | 'multipart'): Promise<Sample> {
  const idle = await setup.ferry.resetPeak()
  const { result, seconds, serverCpu } = await timed(setup.ferry.pid, async () =>
    mode === 'single'
      ? { key: await setup.client.single(input.file, input.size), signMs: undefined }
      : await setup.client.multipart(input.file, input.size, partSize, concurrency),
  )
  const rssAboveIdle = (await setup.ferry.peak()) - idle
  const stored = await sha256Of(await setup.store.read(result.key))
  if (stored !== input.sha256) throw new Error(`${setup.name} ${mode}: the stored bytes differ (SHA-256)`)
  await setup.store.delete(result.key)
  return { seconds, serverCpu, idleRss: idle, rssAboveIdle, signMs: result.signMs }
}

type Kind = 'ceiling' | 'single' | 'parallel' | 'multipart'

const measure = (setup: Setup, input: Input, kind: Kind): Promise<Sample> =>
  kind === 'ceiling'
    ? measureCeiling(setup, input)
    : kind === 'parallel'
      ? measureParallelCeiling(setup, input)
      : measureFerry(setup, input, kind)

/** `rounds` rounds of the four measurements, the order reversed every other round. */
async function runRounds(setup: Setup, input: Input): Promise<Record<Kind, Sample[]>> {
  const samples: Record<Kind, Sample[]> = { ceiling: [], single: [], parallel: [], multipart: [] }
  const forward: Kind[] = ['ceiling', 'single', 'parallel', 'multipart']
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...forward].reverse() : forward
    for (const kind of order) {
      const sample = await measure(setup, input, kind)
      samples[kind].push(sample)
      const rss =
        sample.rssAboveIdle === undefined
          ? ''
          : `, RSS +${(sample.rssAboveIdle / MiB).toFixed(1)} MiB over ${((sample.idleRss ?? 0) / MiB).toFixed(0)} MiB idle`
      console.log(
        `  round ${round + 1} ${kind.padEnd(9)} ${mbPerSecond(input.size, sample.seconds).toFixed(0).padStart(6)} MB/s` +
          `, server CPU ${sample.serverCpu.toFixed(2)} s${rss}`,
      )
    }
  }
  return samples
}

const check = (ok: boolean) => (ok ? 'meets' : 'MISSES')

function report(setup: Setup, input: Input, samples: Record<Kind, Sample[]>, targets: boolean) {
  const speed = (kind: Kind) => median(samples[kind].map((s) => mbPerSecond(input.size, s.seconds)))
  // Each round's figure against its ceiling in the same round, then the median of those.
  const ratio = (kind: Kind, ceiling: Kind) =>
    median(samples[kind].map((s, i) => samples[ceiling][i]!.seconds / s.seconds))
  const rss = (kind: Kind) => Math.max(...samples[kind].map((s) => s.rssAboveIdle ?? 0)) / MiB
  // Server CPU seconds per GiB taken: on two cores the client, the server and the kernel share
  // them, so what the server spends per byte is what caps parallel parts (and it is steadier
  // than throughput while other work runs).
  const cpuPerGiB = (kind: Kind) => median(samples[kind].map((s) => s.serverCpu)) / (input.size / 1024 ** 3)
  const cpu = (kind: Kind) => `server CPU ${cpuPerGiB(kind).toFixed(2)} s/GiB`
  const parts = `${concurrency}×${formatSize(partSize)}`
  const lines = [`${setup.name}, ${formatSize(input.size)}, medians of ${rounds} rounds:`]
  lines.push(
    `  ceiling: one PUT, bare Node → file       ${speed('ceiling').toFixed(0).padStart(6)} MB/s  ${cpu('ceiling')}`,
  )
  lines.push(
    `  ceiling: ${parts} PUTs, bare Node → files ${speed('parallel').toFixed(0).padStart(6)} MB/s  ${cpu('parallel')}`,
  )
  for (const [kind, ceiling, target] of [
    ['single', 'ceiling', 0.9],
    ['multipart', 'parallel', 0.95],
  ] as const) {
    const r = ratio(kind, ceiling)
    const label = kind === 'single' ? 'Ferry single PUT' : `Ferry multipart ${parts}`
    lines.push(
      `  ${label.padEnd(39)} ${speed(kind).toFixed(0).padStart(6)} MB/s  ${r.toFixed(2)} of ${kind === 'single' ? 'one PUT' : 'the same PUTs'}` +
        (targets ? `  (${check(r >= target)} ≥ ${target})` : '') +
        `  peak RSS +${rss(kind).toFixed(1)} MiB above idle` +
        (targets ? ` (${check(rss(kind) <= 64)} ≤ 64)` : '') +
        `  ${cpu(kind)}`,
    )
  }
  return lines
}

async function runStore(kind: 'local' | 's3', inputs: { full: Input; small: Input }): Promise<string[]> {
  const dir = path.join(work, kind)
  const children: Child<unknown>[] = []
  let ferry: FerryServer | undefined
  try {
    const ceilingDir = path.join(dir, 'ceiling')
    const ceiling = await startCeiling(ceilingDir)
    children.push(ceiling)
    // The database persists between runs (PGlite reopens in under a second; a fresh one takes seconds).
    const dataDir = path.join(root, `ferry-${kind}`)
    await rm(path.join(dataDir, 'blobs'), { recursive: true, force: true })
    let env: Record<string, string> = { DATA_DIR: dataDir }
    let store: BlobStore
    if (kind === 's3') {
      const s3 = await startS3rver(path.join(dir, 's3rver'))
      children.push(s3)
      const s3Config = {
        endpoint: `http://127.0.0.1:${s3.info.port}`,
        bucket: s3.info.bucket,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }
      env = {
        ...env,
        S3_ENDPOINT: s3Config.endpoint,
        S3_BUCKET: s3Config.bucket,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      }
      store = createS3BlobStore(s3Config)
    } else {
      store = createLocalDiskBlobStore({
        dir: path.join(dataDir, 'blobs'),
        publicUrl: 'http://127.0.0.1',
        signingSecret: 'only-reading-in-the-benchmark',
      })
    }
    ferry = await startFerry(env)
    const name = kind === 'local' ? 'Local disk (PGlite)' : 'S3 (s3rver, PGlite)'
    const client = createUploadClient(ferry.url, await registerBenchUser(ferry.url, dataDir))
    const setup: Setup = {
      name,
      ferry,
      client,
      ceilingUrl: `http://127.0.0.1:${ceiling.info.port}/`,
      ceilingPid: ceiling.process.pid!,
      ceilingDir,
      store,
    }

    console.log(`\n${name}: warming up`)
    await measureFerry(setup, inputs.small, 'single')
    await measureFerry(setup, inputs.small, 'multipart')
    console.log(`${name}: ${formatSize(inputs.small.size)}`)
    const small = await runRounds(setup, inputs.small)
    console.log(`${name}: ${formatSize(inputs.full.size)}`)
    const full = await runRounds(setup, inputs.full)
    // s3rver has no AbortMultipartUpload; the sweeper would retry it on a real S3.
    const idle = await client.signPartsLatencies(200, { abort: kind === 'local' })
    const loaded = full.multipart.flatMap((s) => s.signMs ?? [])
    const targets = kind === 'local'
    const sign = (values: number[]) =>
      `median ${median(values).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms`
    return [
      ...report(setup, inputs.full, full, targets),
      ...report(setup, inputs.small, small, targets),
      `  sign-parts (${partsPerSigning} parts a call): idle ${sign(idle)}` +
        `${targets ? ` (${check(quantile(idle, 0.99) < 10)} < 10 ms)` : ''}; ` +
        `a part's wait for its URL during the ${formatSize(inputs.full.size)} uploads ${sign(loaded)}`,
      `  server RSS idle ${((await ferry.resetPeak()) / MiB).toFixed(0)} MiB`,
    ]
  } finally {
    await ferry?.stop()
    for (const child of children.reverse()) await child.stop()
  }
}

await rm(work, { recursive: true, force: true })
await mkdir(work, { recursive: true })
const inputs = { full: await ensureInput(size), small: await ensureInput(smallSize) }
const summary: string[] = []
for (const kind of stores) summary.push(...(await runStore(kind, inputs)), '')
console.log(`\n=== Upload benchmark (${new Date().toISOString()})\n${summary.join('\n')}`)
console.log('Targets apply to local disk; s3rver (a test server that hashes and copies every part) is for information.')
