// `npm run bench:p2p [-- --size 256MiB --small-size 64MiB --rounds 2 --message-sizes 16KiB,64KiB,256KiB]`
//
// Peer-to-peer throughput through Ferry, against the ceiling of a plain data channel. Two
// headless Chromium pages (in a network namespace: without a default route Chromium gathers
// no ICE candidates) use the real room page of a real Ferry server: A sends the file with
// 'Send File', B accepts; the room's signalling socket connects them and the web app's engine
// sends the file in messages of the negotiated size with backpressure, hashes on both sides (SHA-256 per 1 MiB block, native,
// then over the list of block digests) and B stores the file
// in the Origin Private File System. In the same run two bare pages with no Ferry code send
// the same file over one data channel with the same message size (bench/lib/p2p-ceiling.ts).
// Each message size in --message-sizes is measured both ways (Ferry's sender told the size
// through localStorage['ferry.p2p.messageSize']); rounds alternate the order; medians are printed
// in MB/s (decimal) with the ratio to the bare channel at the same message size, and the line of
// Ferry's default (preferredMessageSize) is the headline. B's JS
// heap (CDP Performance.getMetrics) is sampled during its receive, at two file sizes, to show
// it does not grow with the file. The hash B verified is checked against the input's each round.
// A transfer that has not ended after BENCH_P2P_STALL_SECONDS (default 120) is reported as
// stalled, with what each side's page shows and its last console lines, and the run goes on
// (README, known problems: such a stall happened in a full `npm run bench` on 2026-12-06). A
// connection the sender's stall watch gave up and made again (15 s without a byte) is counted
// too: that transfer ends, slower.
import { spawnSync } from 'node:child_process'
import { createReadStream, readdirSync, rmSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { createWebRtcNetns, webRtcChromiumArgs } from '../e2e/fixtures/webrtc.js'
import { createBlockHashList } from '../web/src/features/rooms/p2p/block-hash-list.js'
import { preferredMessageSize } from '../web/src/features/rooms/p2p/channel-protocol.js'
import { ensureInputFile, type InputFile } from './lib/input-file.js'
import { measureCeiling } from './lib/p2p-ceiling.js'
import { repoRoot, startFerry } from './lib/processes.js'
import { formatSize, mbPerSecond, median, parseSize } from './lib/stats.js'

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '256MiB' },
    'small-size': { type: 'string', default: '64MiB' },
    rounds: { type: 'string', default: '2' },
    'message-sizes': { type: 'string', default: '16KiB,64KiB,256KiB' },
  },
})
const messageSizes = args['message-sizes'].split(',').map((s) => parseSize(s.trim()))
const size = parseSize(args.size)
const smallSize = parseSize(args['small-size'])
const rounds = Number(args.rounds)
const root = path.join(repoRoot, '.bench-data', 'p2p')
const webDist = process.env.FERRY_E2E_WEB_DIST ?? path.join(root, 'web')
const MiB = 1024 * 1024
/** server/src/http/auth-guard.ts: the session's httpOnly cookie. */
const authCookieName = 'ferry_token'
const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }

interface Login {
  access_token: string
  user: { id: string; name: string }
}

function newestMtime(entry: string): number {
  const stat = statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))))
}

/** Builds the web app into `webDist` when the build is missing or older than its sources. */
function buildWeb() {
  const built = statSync(path.join(webDist, 'index.html'), { throwIfNoEntry: false })
  const sources = ['web/src', 'web/index.html', 'contracts/src'].map((p) => newestMtime(path.join(repoRoot, p)))
  if (built && built.mtimeMs > Math.max(...sources)) return
  console.log(`Building the web app into ${webDist}…`)
  const result = spawnSync('npm', ['run', 'build', '-w', '@ferry/web', '--', '--outDir', webDist, '--emptyOutDir'], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('The web build failed')
}

async function api<T>(origin: string, route: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${origin}${route}`, {
    method: 'POST',
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

const register = (origin: string, label: string) =>
  api<Login>(origin, '/auth/register', {
    email: `bench-p2p-${label}-${Date.now()}@example.com`,
    password: 'bench password 123',
    name: `Bench ${label}`,
  })

async function signedIn(
  browser: Browser,
  origin: string,
  login: Login,
  messageSize?: number,
): Promise<{ context: BrowserContext; page: Page; console: string[] }> {
  const context = await browser.newContext({ baseURL: origin, acceptDownloads: true })
  // The session lives in the httpOnly auth cookie (as e2e/fixtures/auth.ts storeLogin); the page keeps the profile.
  await context.addCookies([
    { name: authCookieName, value: login.access_token, url: origin, httpOnly: true, sameSite: 'Lax' },
  ])
  await context.addInitScript(
    ([user, messageSize]) => {
      localStorage.setItem('auth_user', JSON.stringify({ user, savedAt: Date.now() }))
      if (messageSize) localStorage.setItem('ferry.p2p.messageSize', String(messageSize))
    },
    [login.user, messageSize ?? 0] as const,
  )
  const page = await context.newPage()
  // The page's last console lines, for the report of a transfer that stalls.
  const lines: string[] = []
  page.on('console', (m) => {
    if (process.env.BENCH_P2P_DEBUG) console.log(`[${login.user.name}] ${m.text()}`)
    lines.push(`${m.type()}: ${m.text()}`.slice(0, 300))
    if (lines.length > 30) lines.shift()
  })
  return { context, page, console: lines }
}

/** A transfer that neither completed nor failed in `stallAfterMs` (README, known problems). */
class StalledTransfer extends Error {}

/** Past this, a transfer that has not ended is reported as stalled (they take seconds here). */
const stallAfterMs = Number(process.env.BENCH_P2P_STALL_SECONDS ?? 120) * 1000

/** What each side's page shows of its transfer, and its last console lines. */
async function transferState(sides: Record<string, { page: Page; console: string[] }>): Promise<string> {
  const lines: string[] = []
  for (const [name, side] of Object.entries(sides)) {
    const card = side.page.getByTestId('transfer-card')
    const shown = await card
      .evaluateAll((cards) =>
        cards.map(
          (c) =>
            `phase ${c.getAttribute('data-phase')}: ${((c as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').slice(0, 200)}`,
        ),
      )
      .catch((error: unknown) => [`(no card: ${error})`])
    lines.push(`  ${name}: ${shown.join(' | ') || '(no transfer card)'}`)
    for (const line of side.console) lines.push(`    ${line}`)
  }
  return lines.join('\n')
}

interface FerryRun {
  seconds: number
  wallSeconds: number
  heapBefore: number
  heapPeak: number
  sha256: string
  /** The sender's console lines from its stall watch: connections given up and made again. */
  stallsRecovered: string[]
}

/** One file from A to B through a fresh room on the real room page. */
async function measureFerry(
  browser: Browser,
  origin: string,
  input: InputFile,
  messageSize?: number,
): Promise<FerryRun> {
  const alice = await register(origin, 'a')
  const bob = await register(origin, 'b')
  const { id: roomId } = await api<{ id: string }>(origin, '/api/rooms', { title: 'Bench' }, alice.access_token)
  await api(origin, `/api/rooms/${roomId}/join`, {}, bob.access_token)
  const a = await signedIn(browser, origin, alice, messageSize)
  const b = await signedIn(browser, origin, bob)
  try {
    await a.page.goto(`/room/${roomId}`)
    await b.page.goto(`/room/${roomId}`)
    await a.page
      .getByRole('button', { name: `Send File to ${bob.user.name}` })
      .waitFor()
      .catch(async (error) => {
        // What the page shows instead says why (a changed page, a refused session).
        throw new Error(
          `${error}\nThe sender's page shows: ${(await a.page.locator('body').innerText()).slice(0, 800)}`,
        )
      })
    const chooser = a.page.waitForEvent('filechooser')
    await a.page.getByRole('button', { name: `Send File to ${bob.user.name}` }).click()
    await (await chooser).setFiles(input.file)
    const accept = b.page.getByTestId('incoming-request').getByRole('button', { name: 'Accept' })
    await accept.waitFor()

    const cdp = await b.context.newCDPSession(b.page)
    await cdp.send('Performance.enable')
    const heap = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0
    }
    await cdp.send('HeapProfiler.collectGarbage')
    const heapBefore = await heap()
    let heapPeak = heapBefore
    const sampler = setInterval(() => {
      heap().then(
        (value) => {
          heapPeak = Math.max(heapPeak, value)
        },
        () => {},
      )
    }, 250)
    const started = performance.now()
    await accept.click()
    const card = b.page.getByTestId('transfer-card')
    await card
      .and(b.page.locator('[data-phase="completed"], [data-phase="failed"]'))
      .waitFor({ timeout: stallAfterMs })
      .catch(async () => {
        throw new StalledTransfer(
          `No end after ${stallAfterMs / 1000} s:\n${await transferState({ sender: a, receiver: b })}`,
        )
      })
    const wallSeconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    if ((await card.getAttribute('data-phase')) !== 'completed')
      throw new Error(`The transfer failed: ${await card.getByTestId('transfer-status').textContent()}`)

    const history = await fetch(`${origin}/api/transfers/history`, {
      headers: { ...headers, authorization: `Bearer ${bob.access_token}` },
    }).then((r) => r.json() as Promise<{ items: { transfer_speed: number | null; sha256: string | null }[] }>)
    const record = history.items[0]
    if (!record?.transfer_speed) throw new Error('No transfer_speed recorded')
    // transfer_speed is MiB/s (1024² as sizes) with two decimals: back to seconds.
    const seconds = input.size / MiB / record.transfer_speed
    // Connections the sender's stall watch gave up and made again (peer-transfer.ts).
    const stallsRecovered = a.console.filter((line) => line.includes('Direct transfer:'))
    return { seconds, wallSeconds, heapBefore, heapPeak, sha256: record.sha256 ?? '', stallsRecovered }
  } finally {
    await a.context.close()
    await b.context.close()
  }
}

/** The file hash the peers verify (block-hash-list.ts) of the input file. */
async function blockHashListOf(file: string): Promise<string> {
  const hashes = createBlockHashList()
  for await (const chunk of createReadStream(file, { highWaterMark: MiB }))
    hashes.update(new Uint8Array(chunk as Buffer))
  return hashes.digest()
}

const netns = createWebRtcNetns()
// Playwright's pipe does not keep Node's event loop alive while pages work on their own.
const keepAlive = setInterval(() => {}, 1000)
const dataDir = path.join(root, 'data')
rmSync(dataDir, { recursive: true, force: true })
let ferry: Awaited<ReturnType<typeof startFerry>> | undefined
let browser: Browser | undefined
try {
  buildWeb()
  const big = await ensureInputFile(path.join(root, 'inputs'), size)
  const small = await ensureInputFile(path.join(root, 'inputs'), smallSize)
  const bigHash = await blockHashListOf(big.file)
  // Listening on every address; PUBLIC_URL unset, so answers follow the origin the pages use.
  ferry = await startFerry({ DATA_DIR: dataDir, WEB_DIST: webDist, HOST: '0.0.0.0', PUBLIC_URL: '', ICE_SERVERS: '[]' })
  const origin = `http://${netns.hostAddress}:${new URL(ferry.url).port}`
  browser = await chromium.launch({
    executablePath: netns.chromiumPath,
    args: [...webRtcChromiumArgs, `--unsafely-treat-insecure-origin-as-secure=${origin}`],
  })

  console.log(
    `Peer-to-peer, ${formatSize(size)}, ${rounds} round(s) per message size, Chromium in network namespace ${netns.name}; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  )
  const rows: { messageSize: number; ceiling: number; ferry: number }[] = []
  const heapPeaks: number[] = []
  const stalls: string[] = []
  const recovered: string[] = []
  for (const messageSize of messageSizes) {
    const ceiling: number[] = []
    const ferryRates: number[] = []
    const label = formatSize(messageSize)
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['ceiling', 'ferry'] : ['ferry', 'ceiling']
      for (const what of order) {
        if (what === 'ceiling') {
          const seconds = await measureCeiling(browser, big.file, size, messageSize)
          ceiling.push(mbPerSecond(size, seconds))
          console.log(`  ${label} round ${round + 1} ceiling: ${mbPerSecond(size, seconds).toFixed(1)} MB/s`)
        } else {
          const run = await measureFerry(browser, origin, big, messageSize).catch((error: unknown) => {
            if (!(error instanceof StalledTransfer)) throw error
            // Counted and shown, and the run goes on: one stall must not cost the other figures.
            stalls.push(`${label} round ${round + 1}`)
            console.log(`  ${label} round ${round + 1} Ferry:   STALLED. ${error.message}`)
            return null
          })
          if (!run) continue
          if (run.sha256 !== bigHash) throw new Error(`Hash mismatch: ${run.sha256} != ${bigHash}`)
          for (const line of run.stallsRecovered) {
            recovered.push(`${label} round ${round + 1}`)
            console.log(`  ${label} round ${round + 1} Ferry:   stall watch: ${line}`)
          }
          ferryRates.push(mbPerSecond(size, run.seconds))
          heapPeaks.push(run.heapPeak - run.heapBefore)
          console.log(
            `  ${label} round ${round + 1} Ferry:   ${mbPerSecond(size, run.seconds).toFixed(1)} MB/s (channel open to verified; ` +
              `${run.wallSeconds.toFixed(1)} s from Accept, incl. signalling), hash verified, ` +
              `receiver JS heap +${(Math.max(0, run.heapPeak - run.heapBefore) / MiB).toFixed(1)} MiB`,
          )
        }
      }
    }
    rows.push({ messageSize, ceiling: median(ceiling), ferry: median(ferryRates) })
  }
  const smallRun = await measureFerry(browser, origin, small)
  console.log('')
  console.log('message size   bare channel   Ferry (room page)   ratio')
  for (const row of rows)
    console.log(
      `${formatSize(row.messageSize).padEnd(14)} ${`${row.ceiling.toFixed(1)} MB/s`.padEnd(14)} ` +
        `${`${row.ferry.toFixed(1)} MB/s`.padEnd(19)} ${(row.ferry / row.ceiling).toFixed(2)}` +
        (row.messageSize === preferredMessageSize ? '  ← Ferry default' : ''),
    )
  const headline = rows.find((row) => row.messageSize === preferredMessageSize)
  if (headline)
    console.log(
      `Ferry default (${formatSize(preferredMessageSize)} messages): ${headline.ferry.toFixed(1)} MB/s, ` +
        `ratio to the bare channel at the same size: ${(headline.ferry / headline.ceiling).toFixed(2)} (target ≥ 0.90)`,
    )
  console.log(
    `receiver JS heap peak above idle: ${(median(heapPeaks) / MiB).toFixed(1)} MiB for ${formatSize(size)}, ` +
      `${(Math.max(0, smallRun.heapPeak - smallRun.heapBefore) / MiB).toFixed(1)} MiB for ${formatSize(smallSize)} ` +
      '(the file goes to the Origin Private File System)',
  )
  const transfers = messageSizes.length * rounds
  console.log(
    `stalled transfers (no end in ${stallAfterMs / 1000} s): ${stalls.length} of ${transfers}` +
      (stalls.length ? ` (${stalls.join(', ')}; what each side showed is above)` : ''),
  )
  console.log(
    `connections the stall watch gave up and made again: ${recovered.length}` +
      (recovered.length ? ` (${recovered.join(', ')}; the round's figure includes the wait)` : ''),
  )
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
} finally {
  await browser?.close()
  await ferry?.stop()
  netns.remove()
  clearInterval(keepAlive)
}
