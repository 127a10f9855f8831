// `npm run bench:preview [-- --rounds 3]`
//
// Issue 19: time to first preview after upload. Against the real server (its bundle, local disk,
// PGlite) in a child process, a Pro account uploads (a) a 20 MB photo (a JPEG of camera noise,
// 5472×3648) and (b) a 50-page PDF, sends each as a transfer, and polls the share API until the
// file's thumbnail_url appears and the thumbnail answers 200: upload → thumbnail available. The
// ceiling, measured in the same run on the same file, is the tool run directly: sharp making the
// same thumbnail and screen rendition from the file on disk (the job's sizes), and pdftoppm
// rendering page 1 then sharp making the thumbnail. Prints each figure, its ceiling, the ratio
// ceiling / Ferry (1.00 = no overhead; the job queue's poll of up to 2 s counts against Ferry),
// and the server's peak RSS above idle while it made them. Inputs live in .bench-data/preview.
import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs, promisify } from 'node:util'
import sharp from 'sharp'
import { makePdf } from '../server/src/features/transfers/previews/testing/pdf-fixture.js'
import { type FerryServer, repoRoot, startFerry } from './lib/processes.js'
import { median } from './lib/stats.js'
import { buyBenchPlan, createUploadClient, registerBenchAccount, type UploadClient } from './lib/upload-client.js'

const MiB = 1024 * 1024
const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } })
const rounds = Number(args.rounds)
const run = promisify(execFile)

const root = path.join(repoRoot, '.bench-data', 'preview')
const inputs = path.join(root, 'inputs')

/** A JPEG of noise at quality 95: incompressible, so 5472×3648 (a 20-megapixel camera) is about 20 MB. */
async function ensurePhoto(): Promise<string> {
  const file = path.join(inputs, 'photo-20mp.jpg')
  if (existsSync(file)) return file
  const [width, height] = [5472, 3648]
  const noise = randomBytes(width * height * 3)
  await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toFile(file)
  return file
}

async function ensurePdf(): Promise<string> {
  const file = path.join(inputs, 'fifty-pages.pdf')
  if (!existsSync(file)) await writeFile(file, makePdf(50))
  return file
}

/** What the derivatives job does with an image, on the file directly (derivatives.job.ts sizes). */
async function sharpCeiling(file: string): Promise<void> {
  const input = sharp(file, { limitInputPixels: 16_384 * 16_384, sequentialRead: true }).rotate()
  await Promise.all([
    input.clone().resize(320, 320, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
    input.clone().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
  ])
}

/** pdftoppm on the file (page 1, as the job asks it), then the WebP thumbnail. */
async function pdftoppmCeiling(file: string): Promise<void> {
  const { stdout } = await run('pdftoppm', ['-f', '1', '-l', '1', '-singlefile', '-png', '-scale-to', '640', file], {
    encoding: 'buffer',
    maxBuffer: 64 * MiB,
  })
  await sharp(stdout).resize(320, 320, { fit: 'inside' }).webp({ quality: 75 }).toBuffer()
}

interface Sample {
  seconds: number
  rssAboveIdle: number
}

/** Upload → transfer → poll the share API until the thumbnail is there and answers. */
async function timeToPreview(ferry: FerryServer, client: UploadClient, file: string, name: string): Promise<Sample> {
  const { size } = await stat(file)
  const idle = await ferry.resetPeak()
  const started = performance.now()
  const key = await client.single(file, size)
  const created = await client.post<{ unique_id: string }>('/api/transfers', {
    files: [{ file_key: key, file_name: name, file_size: size }],
    recipient_emails: ['bench@example.com'],
    title: `Preview ${name}`,
  })
  for (;;) {
    const share = (await (await fetch(`${ferry.url}/api/share/${created.unique_id}`)).json()) as {
      transfer: { files: { thumbnail_url: string | null }[] }
    }
    const thumbnail = share.transfer.files[0]?.thumbnail_url
    if (thumbnail) {
      const res = await fetch(`${ferry.url}${thumbnail}`)
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`The thumbnail answered ${res.status}`)
      break
    }
    if (performance.now() - started > 120_000) throw new Error(`No thumbnail of ${name} after 120 s`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const seconds = (performance.now() - started) / 1000
  return { seconds, rssAboveIdle: (await ferry.peak()) - idle }
}

async function timeCeiling(fn: () => Promise<void>): Promise<number> {
  const started = performance.now()
  await fn()
  return (performance.now() - started) / 1000
}

await rm(path.join(root, 'ferry'), { recursive: true, force: true })
await mkdir(inputs, { recursive: true })
const photo = await ensurePhoto()
const pdf = await ensurePdf()
const dataDir = path.join(root, 'ferry')
const ferry = await startFerry({ DATA_DIR: dataDir })
try {
  const account = await registerBenchAccount(ferry.url, dataDir)
  await buyBenchPlan(ferry.url, account, 'pro')
  const client = createUploadClient(ferry.url, account.token)
  const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim()
  const cases = [
    {
      id: 'photo',
      label: `20 MB photo (${((await stat(photo)).size / 1e6).toFixed(1)} MB JPEG)`,
      file: photo,
      name: 'photo.jpg',
      ceiling: () => sharpCeiling(photo),
      tool: 'sharp on the file',
    },
    {
      id: 'pdf',
      label: '50-page PDF',
      file: pdf,
      name: 'fifty-pages.pdf',
      ceiling: () => pdftoppmCeiling(pdf),
      tool: 'pdftoppm on the file',
    },
  ]
  console.log(`Local disk (PGlite), Pro account; ${load()}`)
  const results = new Map<string, { ferry: Sample[]; ceiling: number[] }>()
  for (const c of cases) results.set(c.id, { ferry: [], ceiling: [] })
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      const r = results.get(c.id)!
      // Alternate which goes first, so neither always runs on a warm cache.
      const order = round % 2 ? ['ceiling', 'ferry'] : ['ferry', 'ceiling']
      for (const what of order) {
        if (what === 'ferry') r.ferry.push(await timeToPreview(ferry, client, c.file, c.name))
        else r.ceiling.push(await timeCeiling(c.ceiling))
      }
      console.log(
        `  round ${round + 1} ${c.id.padEnd(5)} Ferry ${r.ferry.at(-1)!.seconds.toFixed(2)} s, ${c.tool} ${r.ceiling.at(-1)!.toFixed(2)} s, ` +
          `RSS +${(r.ferry.at(-1)!.rssAboveIdle / MiB).toFixed(1)} MiB`,
      )
    }
  }
  const lines = [
    `\n=== Preview benchmark (${new Date().toISOString()})`,
    `Local disk (PGlite), medians of ${rounds} rounds:`,
  ]
  for (const c of cases) {
    const r = results.get(c.id)!
    const ferrySeconds = median(r.ferry.map((s) => s.seconds))
    const ceilingSeconds = median(r.ceiling)
    const peak = Math.max(...r.ferry.map((s) => s.rssAboveIdle)) / MiB
    lines.push(
      `  ${c.label.padEnd(32)} upload → thumbnail ${ferrySeconds.toFixed(2)} s; ${c.tool} ${ceilingSeconds.toFixed(2)} s; ` +
        `ratio ${(ceilingSeconds / ferrySeconds).toFixed(2)}; server peak RSS +${peak.toFixed(1)} MiB above idle`,
    )
  }
  lines.push(`  ${load()}`)
  console.log(lines.join('\n'))
} finally {
  await ferry.stop()
}
