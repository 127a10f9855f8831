// `npm run bench:download [-- --size 1GiB --rounds 3 --files 4]`
//
// Downloads through Ferry's real share routes, served by the real server (main.ts, PGlite and
// local disk) in a child process: a generated file uploaded by multipart and sent as a
// transfer, fetched by GET /share/{id}/download?file_key=… (its SHA-256 checked once), and a
// transfer of `files` slices of it (the same total size) fetched as a ZIP (as_zip), once the
// file-digest job has given every slice its CRC-32 (issue 24: the ZIP is then fixed before its
// first byte, resumable, and computes no CRC while it streams).
// The ceilings are measured in the same run on the same file: a bare Node server piping
// createReadStream (1 MiB reads) to the response, and Debian's nginx (installed when missing)
// with sendfile and without it (issue 24: Ferry is held to the faster of the two). Prints MB/s, the ratios of issue 5 (medians of per-round ratios over rounds
// whose order alternates, as other work on the machine makes single figures noisy) and
// Ferry's peak RSS above idle during the downloads. Data lives under .bench-data/download.
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { curlAvailable, download, downloadWithCurl } from './lib/download-client.js'
import { ensureInputFile } from './lib/input-file.js'
import { ensureNginx, startNginx } from './lib/nginx-server.js'
import { type Child, type FerryServer, repoRoot, startChild, startFerry } from './lib/processes.js'
import { formatSize, mbPerSecond, median, parseSize } from './lib/stats.js'
import { createTransfer, type UploadedFile, uploadSlice } from './lib/transfer-client.js'
import { createUploadClient, registerBenchUser } from './lib/upload-client.js'

const MiB = 1024 * 1024
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '1GiB' },
    rounds: { type: 'string', default: '3' },
    files: { type: 'string', default: '4' },
    /** curl (the default when installed) costs the shared 2 cores less than a Node client. */
    client: { type: 'string', default: 'curl' },
  },
})
const size = parseSize(args.size)
const rounds = Number(args.rounds)
const fileCount = Number(args.files)
const useCurl = args.client === 'curl' && curlAvailable

const root = path.join(repoRoot, '.bench-data', 'download')

type Kind = 'node' | 'nginx' | 'nginxCopy' | 'single' | 'zip'
interface Sample {
  bytes: number
  seconds: number
  rssAboveIdle?: number
}

async function fetchAll(url: string, what: string): Promise<{ bytes: number; seconds: number }> {
  const result = useCurl ? await downloadWithCurl(url) : await download(url)
  if (result.status !== 200 || result.bytes !== result.contentLength) {
    throw new Error(`${what}: status ${result.status}, ${result.bytes} of ${result.contentLength} bytes`)
  }
  return result
}

async function measure(ferry: FerryServer, url: string, kind: Kind): Promise<Sample> {
  if (kind === 'node' || kind === 'nginx' || kind === 'nginxCopy') return fetchAll(url, kind)
  const idle = await ferry.resetPeak()
  const result = await fetchAll(url, kind)
  return { ...result, rssAboveIdle: (await ferry.peak()) - idle }
}

const check = (ok: boolean) => (ok ? 'meets' : 'MISSES')
const children: Child<unknown>[] = []
let ferry: FerryServer | undefined
try {
  const input = await ensureInputFile(path.join(root, 'inputs'), size)
  const hasNginx = ensureNginx()
  if (!hasNginx) console.log('nginx is not installed and cannot be (not root): its ceiling is left out')

  const dataDir = path.join(root, 'ferry')
  await rm(path.join(dataDir, 'blobs'), { recursive: true, force: true })
  ferry = await startFerry({ DATA_DIR: dataDir })
  const nodeServer = await startChild<{ port: number }>('file-server.mjs', [input.file], 'The Node file server')
  children.push(nodeServer)
  const nginx = hasNginx ? await startNginx(path.join(root, 'nginx'), path.dirname(input.file)) : undefined
  if (nginx) children.push(nginx)
  const nginxCopy = hasNginx
    ? await startNginx(path.join(root, 'nginx-copy'), path.dirname(input.file), { sendfile: false })
    : undefined
  if (nginxCopy) children.push(nginxCopy)

  console.log(`Uploading ${formatSize(size)} (multipart) and ${fileCount} slices of it to Ferry…`)
  const client = createUploadClient(ferry.url, await registerBenchUser(ferry.url, dataDir))
  const whole = await client.multipart(input.file, size, 16 * MiB, 4)
  const singleFile: UploadedFile = { file_key: whole.key, file_name: 'bench.bin', file_size: size }
  const singleId = await createTransfer(client, [singleFile], 'Download benchmark, one file')
  const slices: UploadedFile[] = []
  const sliceSize = Math.ceil(size / fileCount)
  for (let i = 0; i < fileCount; i++) {
    const start = i * sliceSize
    const end = Math.min(size, start + sliceSize) - 1
    slices.push(await uploadSlice(client, input.file, { start, end }, `slice-${i + 1}.bin`))
  }
  const zipId = await createTransfer(client, slices, 'Download benchmark, ZIP')

  const zipUrl = `${ferry.url}/share/${zipId}/download?as_zip=true`
  // The digest job reads each slice once after the transfer is recorded; measured after it.
  const digestsBy = Date.now() + 300_000
  while ((await fetch(zipUrl, { method: 'HEAD' })).headers.get('accept-ranges') !== 'bytes') {
    if (Date.now() > digestsBy) throw new Error('The ZIP never became seekable: the file-digest job did not run')
    await new Promise((resolve) => setTimeout(resolve, 250)) // a poll's pace: the job gives no signal to wait on
  }
  console.log('ZIP: every CRC known (seekable, answers Range)')

  const singleUrl = `${ferry.url}/share/${singleId}/download?file_key=${encodeURIComponent(whole.key)}`
  const urls: Record<Kind, string | undefined> = {
    node: `http://127.0.0.1:${nodeServer.info.port}/`,
    nginx: nginx && `http://127.0.0.1:${nginx.info.port}/${path.basename(input.file)}`,
    nginxCopy: nginxCopy && `http://127.0.0.1:${nginxCopy.info.port}/${path.basename(input.file)}`,
    single: singleUrl,
    zip: zipUrl,
  }

  // Once each untimed: checks the bytes and brings every copy into the page cache.
  const checked = await download(singleUrl, { hash: true })
  if (checked.status !== 200 || checked.sha256 !== input.sha256) {
    throw new Error(`The single-file download differs (status ${checked.status}, SHA-256 ${checked.sha256})`)
  }
  console.log('Single-file download: SHA-256 matches the input')
  for (const kind of ['node', 'nginx', 'nginxCopy', 'zip'] as const) {
    const url = urls[kind]
    if (url) await fetchAll(url, kind)
  }

  const kinds = (Object.keys(urls) as Kind[]).filter((kind) => urls[kind])
  const samples: Record<Kind, Sample[]> = { node: [], nginx: [], nginxCopy: [], single: [], zip: [] }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...kinds].reverse() : kinds
    for (const kind of order) {
      const sample = await measure(ferry, urls[kind]!, kind)
      samples[kind].push(sample)
      const rss = sample.rssAboveIdle === undefined ? '' : `, RSS +${(sample.rssAboveIdle / MiB).toFixed(1)} MiB`
      console.log(
        `  round ${round + 1} ${kind.padEnd(9)} ${mbPerSecond(sample.bytes, sample.seconds).toFixed(0).padStart(6)} MB/s${rss}`,
      )
    }
  }

  const rate = (s: Sample) => mbPerSecond(s.bytes, s.seconds)
  const speed = (kind: Kind) => median(samples[kind].map(rate))
  // Each round's figure against the other of the same round, then the median of those.
  const ratio = (kind: Kind, of: Kind) => median(samples[kind].map((s, i) => rate(s) / rate(samples[of][i]!)))
  // Against the faster nginx of each round, with sendfile or without.
  const ratioToNginx = (kind: Kind) =>
    median(
      samples[kind].map(
        (s, i) => rate(s) / Math.max(rate(samples.nginx[i]!), samples.nginxCopy[i] ? rate(samples.nginxCopy[i]) : 0),
      ),
    )
  const peakRss = Math.max(...[...samples.single, ...samples.zip].map((s) => s.rssAboveIdle ?? 0)) / MiB
  const line = (label: string, kind: Kind) => `  ${label.padEnd(34)} ${speed(kind).toFixed(0).padStart(6)} MB/s`
  const target = (value: number, min: number, what: string) =>
    `${value.toFixed(2)} of ${what} (${check(value >= min)} ≥ ${min})`
  const lines = [
    `=== Download benchmark (${new Date().toISOString()}), ${formatSize(size)}, medians of ${rounds} rounds`,
  ]
  lines.push(line('ceiling: bare Node, 1 MiB reads', 'node'))
  if (nginx) lines.push(line('ceiling: nginx, sendfile on', 'nginx'))
  if (nginxCopy) lines.push(line('ceiling: nginx, sendfile off', 'nginxCopy'))
  lines.push(
    `${line('Ferry single file (/share download)', 'single')}  ${target(ratio('single', 'node'), 0.9, 'Node')}`,
  )
  if (nginx) lines.push(`  ${' '.repeat(46)}${target(ratioToNginx('single'), 0.75, 'the faster nginx')}`)
  lines.push(
    `${line(`Ferry ZIP of ${fileCount} files (as_zip)`, 'zip')}  ${target(ratio('zip', 'single'), 0.9, 'single file')}`,
  )
  lines.push(`  Ferry peak RSS above idle during downloads: +${peakRss.toFixed(1)} MiB (${check(peakRss <= 64)} ≤ 64)`)
  console.log(`\n${lines.join('\n')}`)
} finally {
  await ferry?.stop()
  for (const child of children.reverse()) await child.stop()
}
