import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createTcpProxy, type TcpProxy } from '../../db/testing/tcp-proxy.js'
import { freePort } from '../../testing/free-port.js'
import { startS3Server, type TestS3Server } from '../../testing/s3-server.js'
import { generousSendLimits } from '../../testing/send-limits.js'
import { type FerryInstance, startFerryInstance } from './ferry-instance.js'
import { type OwnPostgres, startOwnPostgres } from './own-postgres.js'
import { type OwnRedis, startOwnRedis } from './own-redis.js'
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.js'

export const clusterAdmin = { email: 'admin@ferry.test', password: 'cluster-admin-password-0123' }

export interface ClusterOptions {
  /** How many instances (default 3). */
  instances?: number
  /**
   * 's3' (default): s3rver behind a TCP proxy the test can cut. 'local': every instance shares one
   * DATA_DIR (as a shared volume), so signed upload URLs and parts go through the instances.
   */
  storage?: 's3' | 'local'
  /** The shared data folder (e.g. one with a small tmpfs mounted at blobs/); default a temp folder. */
  dataDir?: string
  env?: Record<string, string>
  /** Options for each instance's node (e.g. --cpu-prof). */
  nodeArgs?: string[]
  /** Each instance also runs its SFTP server, on a port of its own (FerryInstance.sftpPort). */
  sftp?: boolean
}

export interface Cluster {
  /** The proxy's origin: what browsers and clients use. */
  url: string
  proxy: RoundRobinProxy
  instances: FerryInstance[]
  postgres: OwnPostgres
  redis: OwnRedis
  /** The S3 server's connection, to cut (down) and restore (up); undefined on local storage. */
  s3Link?: TcpProxy
  s3?: TestS3Server
  dataDir: string
  /** A pool on the cluster's database, for assertions. */
  db: pg.Pool
  /** fetch through the proxy: `api('/api/x', init)`. */
  api(pathname: string, init?: RequestInit): Promise<Response>
  /** GET /metrics of one instance, straight (loopback). */
  metrics(instance: FerryInstance): Promise<string>
  close(): Promise<void>
}

/**
 * PostgreSQL, Redis and the S3 test server of the test's own, N Ferry instances on 127.0.0.1
 * and a round-robin proxy in front. Instances start one after another (the first migrates).
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const cleanups: (() => unknown)[] = []
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {})
  }
  try {
    const postgres = await startOwnPostgres()
    cleanups.push(() => postgres.destroy())
    const redis = await startOwnRedis()
    cleanups.push(() => redis.stop())
    const ownDataDir = options.dataDir === undefined
    const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-cluster-data-'))
    if (ownDataDir) cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))

    let s3: TestS3Server | undefined
    let s3Link: TcpProxy | undefined
    const env: Record<string, string> = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: clusterAdmin.email,
      ADMIN_PASSWORD: clusterAdmin.password,
      AUTH_RATE_LIMIT_PER_IP: '100000',
      ROOM_JOIN_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
      // Send throttles have a cluster test of their own (send-limits.cluster.test.ts).
      ...generousSendLimits,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    }
    if ((options.storage ?? 's3') === 's3') {
      s3 = await startS3Server()
      cleanups.push(() => s3?.close())
      s3Link = await createTcpProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) })
      cleanups.push(() => s3Link?.close())
      Object.assign(env, {
        S3_ENDPOINT: `http://127.0.0.1:${s3Link.port}`,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      })
    }

    const proxy = await startRoundRobinProxy()
    cleanups.push(() => proxy.close())
    env.PUBLIC_URL = proxy.url
    Object.assign(env, options.env)

    const instances: FerryInstance[] = []
    cleanups.push(() => Promise.all(instances.map((i) => i.kill())))
    for (let i = 1; i <= (options.instances ?? 3); i++) {
      const sftpPort = options.sftp ? await freePort() : 0
      const instance = await startFerryInstance(
        `ferry-${i}`,
        await freePort(),
        { ...env, SFTP_PORT: String(sftpPort) },
        options.nodeArgs,
      )
      instances.push(instance)
      proxy.add(instance.url)
    }

    const db = new pg.Pool({ connectionString: postgres.url, max: 3 })
    db.on('error', () => {})
    cleanups.push(() => db.end())

    return {
      url: proxy.url,
      proxy,
      instances,
      postgres,
      redis,
      s3,
      s3Link,
      dataDir,
      db,
      api: (pathname, init) => fetch(`${proxy.url}${pathname}`, init),
      async metrics(instance) {
        const response = await fetch(`${instance.url}/metrics`)
        if (!response.ok) throw new Error(`/metrics of ${instance.id} answered ${response.status}`)
        return response.text()
      },
      close: cleanup,
    }
  } catch (error) {
    await cleanup()
    throw error
  }
}

/** The value of one series in Prometheus text (0 when absent), e.g. `metricValue(text, 'x_total', {job: 'a'})`. */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue
    sum += Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return sum
}
