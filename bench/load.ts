// `npm run bench:load` (BENCH_LOAD_SECONDS=60 by default, BENCH_LOAD_SOCKETS=1000, BENCH_LOAD_INSTANCES=1,3)
//
// Mixed traffic through a round-robin proxy (nginx configured as deploy/nginx.conf, else the
// cluster harness's Node proxy) to Ferry instances the cluster harness starts: share
// page API reads, downloads streamed by Ferry (local storage on a shared folder), and sign-ins,
// from autocannon; at the same time 1,000 room sockets (half a room's owner, half its visitor)
// churn, and room owners keep offering files. Fan-out is the time from a transfer_request's
// creation on the server (its created_at, stamped before the row is written and the event
// published) to its receipt on each of the visitor's sockets; also shown from the start of the
// HTTP request that causes it (which adds that request's queueing on a saturated machine), and as
// the spread after its first delivery. Run on 1 instance and on 3 (the same proxy, PostgreSQL,
// Redis), it prints requests/s, p50/p99 latency, errors, fan-out, each instance's peak RSS, the CPU
// each kind of process used, and the ratio. BENCH_LOAD_PROFILE=<dir> writes CPU profiles.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { type Cluster, metricValue, startCluster } from '../server/src/cluster/harness/cluster.js'
import { registerConfirmed } from '../server/src/cluster/harness/cluster-client.js'
import { cpuByRole, cpuSnapshot } from './lib/cpu-by-process.js'
import { ensureNginx, startNginxBalancer } from './lib/nginx-server.js'
import { startChild } from './lib/processes.js'
import { type ChurnResult, prepareRooms, socketsPerSide } from './lib/room-churn.js'
import { quantile } from './lib/stats.js'

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60)
const socketCount = Number(process.env.BENCH_LOAD_SOCKETS ?? 1000)
const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32)
/** BENCH_LOAD_INSTANCES=1,3 (the default): the cluster sizes to measure, in order. */
const instanceCounts = (process.env.BENCH_LOAD_INSTANCES ?? '1,3').split(',').map(Number)
/** BENCH_LOAD_NODE_ARGS='--trace-gc …': options for each instance's node. */
const nodeArgs = (process.env.BENCH_LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean)
/** BENCH_LOAD_PROFILE=<dir>: each instance writes a CPU profile (.cpuprofile) there. */
const profileDir = process.env.BENCH_LOAD_PROFILE
/**
 * The balancer: Debian's nginx configured as deploy/nginx.conf (what compose.yaml runs), installed
 * when missing and root; else the cluster harness's Node proxy (http-proxy-3), which costs the
 * shared cores about four times the CPU. BENCH_LOAD_PROXY=node picks the latter.
 */
const useNginx = process.env.BENCH_LOAD_PROXY !== 'node' && ensureNginx()
const roomCount = Math.ceil(socketCount / (socketsPerSide * 2))

interface Figures {
  instances: number
  perSecond: number
  p50: number
  p99: number
  errors: number
  /** The errors split: connection errors, timeouts (over 10 s), non-2xx answers. */
  errorKinds: string
  /** Each kind of request's non-2xx answers: "download 404 × 893: {body}". */
  refusals: string[]
  requests: number
  fanout: ChurnResult
  peakRssMb: number[]
  /** CPU seconds by process role during the mixed traffic. */
  cpu: Map<string, number>
  /** Per instance during the mixed traffic: event-loop delay p99 and max, time in major GC (ms); the V8 heap at the end. */
  loops: { p99: number; max: number; majorGc: number; majorGcs: number; heapMb: number }[]
}

/** What each instance's /metrics says of its event loop since the last scrape (a scrape resets the delay histogram). */
async function loopFigures(cluster: Cluster) {
  return Promise.all(
    cluster.instances.map(async (instance) => {
      const text = await cluster.metrics(instance)
      return {
        p99: metricValue(text, 'ferry_nodejs_eventloop_lag_p99_seconds') * 1000,
        max: metricValue(text, 'ferry_nodejs_eventloop_lag_max_seconds') * 1000,
        majorGc: metricValue(text, 'ferry_nodejs_gc_duration_seconds_sum', { kind: 'major' }) * 1000,
        majorGcs: metricValue(text, 'ferry_nodejs_gc_duration_seconds_count', { kind: 'major' }),
        heapMb: metricValue(text, 'ferry_nodejs_heap_size_total_bytes') / 2 ** 20,
      }
    }),
  )
}

/** The peak RSS (VmHWM) of a process since it started, in MiB. */
function peakRssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1])
  return kb / 1024
}

async function seed(cluster: Cluster) {
  const email = `load-${Date.now()}@example.com`
  const password = 'load test password 1'
  const json = async (path: string, body: unknown, token?: string) => {
    const response = await cluster.api(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
    return (await response.json()) as Record<string, string>
  }
  // Only confirmed accounts send transfers: the cluster's helper confirms through its shared outbox.
  const registered = await registerConfirmed<{ access_token: string }>(cluster, {
    body: { email, password, name: 'Load' },
  })
  if (registered.status !== 201) throw new Error(`Register answered ${registered.status}`)
  const token = registered.body.access_token
  const bytes = Buffer.alloc(256 * 1024, 7)
  const signed = (await json(
    '/api/presign',
    { filename: 'page.pdf', content_type: 'application/pdf', file_size: bytes.length },
    token,
  )) as unknown as { url: string; file_key: string; headers: Record<string, string> }
  const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: bytes })
  if (put.status !== 200) throw new Error(`The PUT answered ${put.status}`)
  const transfer = await json(
    '/api/transfers',
    {
      files: [{ file_key: signed.file_key, file_name: 'page.pdf', file_size: bytes.length }],
      recipient_emails: ['reader@example.com'],
      title: 'Load test',
    },
    token!,
  )
  // The key to download by is the one the share page lists, as the web app does: claiming a single
  // PUT moves its bytes to a key no upload URL was signed for (H-1), so the presign's key is not it.
  const share = await cluster.api(`/api/share/${transfer.unique_id}`)
  if (!share.ok) throw new Error(`The share API answered ${share.status}`)
  const [file] = ((await share.json()) as { transfer: { files: { file_key: string }[] } }).transfer.files
  if (!file) throw new Error('The share API lists no file')
  return { email, password, uniqueId: transfer.unique_id!, fileKey: file.file_key }
}

async function run(instances: number): Promise<Figures> {
  console.log(
    `\n── ${instances} instance(s): starting PostgreSQL, Redis and Ferry behind ${useNginx ? 'nginx' : 'the Node proxy'}…`,
  )
  const cluster = await startCluster({
    instances,
    storage: 'local',
    // Every client here is 127.0.0.1 behind the proxy: the per-address and per-account guards
    // (security review M-3, L-4) would measure themselves, not the service, so they are lifted.
    env: {
      UPLOAD_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
      ROOM_JOIN_RATE_LIMIT_PER_IP: '1000000',
      ROOM_SOCKETS_PER_IP: '100000',
    },
    nodeArgs: [...nodeArgs, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-load-')),
  })
  try {
    const data = await seed(cluster)
    // The proxy and the sockets each get a process of their own, apart from autocannon.
    const targets = cluster.instances.map((i) => i.url)
    const proxy = useNginx
      ? await startNginxBalancer(path.join(cluster.dataDir, 'nginx'), targets)
      : await startChild<{ port: number }>('proxy-child.ts', targets, 'The proxy')
    const url = `http://127.0.0.1:${proxy.info.port}`
    console.log(`   ${roomCount} rooms, ${roomCount * socketsPerSide * 2} sockets opening…`)
    const roomsFile = path.join(cluster.dataDir, 'load-rooms.json')
    fs.writeFileSync(roomsFile, JSON.stringify(await prepareRooms(url, roomCount)))
    const churn = await startChild<{ open: number }>('room-churn-child.ts', [url, roomsFile], 'The room sockets')
    console.log(`   ${churn.info.open} sockets open; ${seconds} s of mixed traffic (${connections} connections)…`)
    const sharePath = `/api/share/${data.uniqueId}`
    const downloadPath = `/share/${data.uniqueId}/download?file_key=${encodeURIComponent(data.fileKey)}`
    const login = {
      method: 'POST' as const,
      path: '/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: data.email, password: data.password }),
    }
    const roles = new Map<number, string>([
      [process.pid, 'autocannon'],
      // nginx's master and worker count under their own name.
      ...(useNginx ? [] : [[proxy.process.pid!, 'proxy'] as const]),
      [churn.process.pid!, 'room sockets'],
      ...cluster.instances.map((i) => [i.pid()!, 'ferry'] as const),
    ])
    const loopsBefore = await loopFigures(cluster)
    const cpuBefore = cpuSnapshot()
    // Non-2xx answers by request kind and status, with the first body of each: which rule answered.
    const refused = new Map<string, { count: number; body: string }>()
    const tally = (kind: string) => (status: number, body: string) => {
      if (status >= 200 && status < 300) return
      const entry = refused.get(`${kind} ${status}`) ?? { count: 0, body: String(body).slice(0, 200) }
      entry.count++
      refused.set(`${kind} ${status}`, entry)
    }
    const result = await autocannon({
      url,
      connections,
      duration: seconds,
      requests: [
        { method: 'GET', path: sharePath, onResponse: tally('share') },
        { method: 'GET', path: downloadPath, onResponse: tally('download') },
        { method: 'GET', path: sharePath, onResponse: tally('share') },
        { ...login, onResponse: tally('login') },
        { method: 'GET', path: sharePath, onResponse: tally('share') },
        { method: 'GET', path: downloadPath, onResponse: tally('download') },
        { method: 'GET', path: sharePath, onResponse: tally('share') },
      ],
    })
    const cpu = cpuByRole(cpuBefore, cpuSnapshot(), roles)
    const loops = (await loopFigures(cluster)).map((l, i) => ({
      ...l,
      majorGc: l.majorGc - loopsBefore[i]!.majorGc,
      majorGcs: l.majorGcs - loopsBefore[i]!.majorGcs,
    }))
    const fanout = await new Promise<ChurnResult>((resolve) => {
      churn.process.once('message', (m) => resolve(m as ChurnResult))
      churn.process.send('stop')
    })
    const peaks = cluster.instances.map((i) => peakRssMb(i.pid()))
    await Promise.all([churn.stop(), proxy.stop()])
    // A CPU profile is written when the process exits by itself.
    if (profileDir) await Promise.all(cluster.instances.map((i) => i.stop()))
    return {
      instances,
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      errorKinds: `${result.errors} connection, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
      refusals: [...refused].map(([key, { count, body }]) => `${key} × ${count}: ${body}`),
      requests: result.requests.total,
      fanout,
      peakRssMb: peaks,
      cpu,
      loops,
    }
  } finally {
    await cluster.close()
    fs.rmSync(cluster.dataDir, { recursive: true, force: true })
  }
}

function report(f: Figures) {
  const fan = (q: number) => quantile(f.fanout.fromCreation, q).toFixed(1)
  const fromRequest = (q: number) => quantile(f.fanout.latencies, q).toFixed(1)
  console.log(
    `${String(f.instances).padStart(2)} instance(s): ${f.perSecond.toFixed(0).padStart(6)} req/s  ` +
      `p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors} of ${f.requests} (${f.errorKinds})\n` +
      f.refusals.map((r) => `   non-2xx: ${r}\n`).join('') +
      `   room sockets: peak ${f.fanout.peakOpen} open, ${f.fanout.opened} opened; ${f.fanout.events} events, ` +
      `fan-out p50 ${fan(0.5)} ms p99 ${fan(0.99)} ms (from the triggering request's start p50 ${fromRequest(0.5)} ms p99 ${fromRequest(0.99)} ms), ` +
      `spread after the first delivery p99 ${quantile(f.fanout.spreads, 0.99).toFixed(1)} ms, ` +
      `${f.fanout.missed} missed, ${f.fanout.errors} socket errors\n` +
      `   peak RSS per instance: ${f.peakRssMb.map((mb) => `${mb.toFixed(0)} MB`).join(', ')}\n` +
      `   event-loop delay per instance: ${f.loops
        .map(
          (l) =>
            `p99 ${l.p99.toFixed(0)} ms, max ${l.max.toFixed(0)} ms, ${l.majorGcs} major GCs ${l.majorGc.toFixed(0)} ms, heap ${l.heapMb.toFixed(0)} MB at the end`,
        )
        .join('; ')}\n` +
      `   CPU seconds: ${[...f.cpu]
        .filter(([, s]) => s >= 0.5)
        .sort((a, b) => b[1] - a[1])
        .map(([role, s]) => `${role} ${s.toFixed(1)}`)
        .join(', ')}`,
  )
}

const runs: Figures[] = []
for (const instances of instanceCounts) runs.push(await run(instances))
console.log('\n── Results')
for (const f of runs) report(f)
const one = runs.find((f) => f.instances === 1)
const three = runs.find((f) => f.instances === 3)
const ratio = one && three ? three.perSecond / one.perSecond : undefined
if (ratio !== undefined) {
  console.log(`Scale-out ratio (3 instances / 1): ${ratio.toFixed(2)}  (target ≥ 0.9 on this 2-core machine)`)
}
const fanOk = runs.every((f) => quantile(f.fanout.fromCreation, 0.99) < 100)
const rssOk = runs.every((f) => f.peakRssMb.every((mb) => mb < 300))
const errorsOk = runs.every((f) => f.errors === 0 && f.fanout.errors === 0 && f.fanout.missed === 0)
const ratioVerdict = ratio === undefined ? 'not measured' : ratio >= 0.9 ? 'met' : 'MISSED'
console.log(
  `Targets: zero errors ${errorsOk ? 'met' : 'MISSED'}; fan-out p99 < 100 ms ${fanOk ? 'met' : 'MISSED'}; ` +
    `RSS < 300 MB ${rssOk ? 'met' : 'MISSED'}; ratio ≥ 0.9 ${ratioVerdict}`,
)
process.exit(0)
