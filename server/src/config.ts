import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { type IceServer, iceServerSchema } from '@ferry/contracts/api/rooms'
import { z } from 'zod'
import { serverPath } from './server-paths.js'

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /**
   * Which peers may set X-Forwarded-* (client address, https): Fastify's trustProxy values. Only
   * this machine by default: any private-network peer could otherwise forge its address.
   */
  TRUST_PROXY: z.string().default('loopback'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
  WEB_DIST: optional,
  /** The read-only SFTP server beside HTTP (plan flag sftp_download); 0 turns it off. */
  SFTP_PORT: z.coerce.number().int().min(0).max(65535).default(2222),
  /** The host name shown in SFTP credentials (default: PUBLIC_URL's host). */
  SFTP_HOST: optional,
  /**
   * The DNS server(s) custom-domain TXT records are looked up with, `ip[:port]`, comma-separated
   * (default: the system's resolvers). Tests point it at a local DNS server.
   */
  DNS_RESOLVER: optional,

  DATABASE_URL: optional,

  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: boolean,

  REDIS_URL: optional,
  REDIS_KEY_PREFIX: z.string().default('ferry:'),

  /** A clamd address (tcp://host:port or unix:/path): every stored file is scanned before it is shared. */
  CLAMAV_URL: optional,

  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Ferry <no-reply@ferry.local>'),

  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional,
  /**
   * 'test' runs the built-in test checkout (anyone can give themselves any plan), which a
   * production start (NODE_ENV=production) without Stripe keys requires explicitly.
   */
  PAYMENTS: z.enum(['stripe', 'test', '']).optional(),

  GOOGLE_CLIENT_ID: optional,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /**
   * The operator's OpenID Connect provider for the whole service (issue 23 item 3): its issuer URL
   * (discovery at <issuer>/.well-known/openid-configuration), the client Ferry is registered as,
   * and the label of the "Sign in with …" button. All of issuer, id and secret, or none.
   */
  OIDC_ISSUER: optional.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  OIDC_NAME: z.string().trim().min(1).max(60).default('single sign-on'),

  JWT_SECRET: optional,
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** The longest wait between login attempts on an account that keeps failing (progressive delay). */
  AUTH_LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(60),

  /**
   * Send throttles (security review M-2): transfers and recipient emails per account and per
   * client address, per hour and per day; accounts younger than SEND_NEW_ACCOUNT_HOURS get the
   * lower daily ceilings.
   */
  SEND_TRANSFERS_PER_HOUR: z.coerce.number().int().positive().default(10),
  SEND_TRANSFERS_PER_DAY: z.coerce.number().int().positive().default(50),
  SEND_RECIPIENT_EMAILS_PER_HOUR: z.coerce.number().int().positive().default(30),
  SEND_RECIPIENT_EMAILS_PER_DAY: z.coerce.number().int().positive().default(150),
  SEND_NEW_ACCOUNT_HOURS: z.coerce.number().nonnegative().default(24),
  SEND_NEW_ACCOUNT_TRANSFERS_PER_DAY: z.coerce.number().int().positive().default(10),
  SEND_NEW_ACCOUNT_RECIPIENT_EMAILS_PER_DAY: z.coerce.number().int().positive().default(20),

  /** Hours an upload may stay unused in a transfer before the sweeper deletes its bytes. */
  UPLOAD_PENDING_TTL_HOURS: z.coerce.number().positive().default(24),
  /** Uploads (presign or multipart create) a visitor may start per client address in each window. */
  UPLOAD_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(1000),
  UPLOAD_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),

  /** Room joins per client address in each window (security review L-4: seats cannot be squatted). */
  ROOM_JOIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  ROOM_JOIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Room and signalling sockets open at once from one client address (a classroom behind NAT needs room). */
  ROOM_SOCKETS_PER_IP: z.coerce.number().int().positive().default(60),
  /** Seconds a participant with no open room socket keeps the seat (a reload, a short drop) before leaving. */
  ROOM_PRESENCE_GRACE_SECONDS: z.coerce.number().positive().default(5),
  /** Seconds between the pings of room and signalling sockets; two unanswered pings close the socket (issue 17). */
  ROOM_HEARTBEAT_SECONDS: z.coerce.number().positive().default(3),

  CLIENT_ZIP_MAX_SIZE_MB: z.coerce.number().int().positive().default(2048),
  /** JSON array of RTCIceServer ({urls, username?, credential?}) the browsers use for rooms (product.md §9); [] for none. */
  ICE_SERVERS: z
    .string()
    .default('[{"urls":"stun:stun.l.google.com:19302"}]')
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of ICE servers' })
        return z.NEVER
      }
    })
    .pipe(z.array(iceServerSchema)),
  /** The operator's address the /contact page shows (none when unset). */
  CONTACT_EMAIL: optional.pipe(z.email().optional()),

  /** This instance's name in the X-Ferry-Instance response header (default: random, chosen at start). */
  INSTANCE_ID: optional,
  /** Bearer token GET /metrics requires; without it /metrics answers loopback clients only. */
  METRICS_TOKEN: optional,
  /** Runs every periodic job (sweepers) this often instead of its own interval (tests, busy sites). */
  JOB_INTERVAL_SECONDS: z.coerce.number().positive().optional(),

  /** Lets webhook endpoints be on this machine or a private network (off: refused, against SSRF). */
  WEBHOOKS_ALLOW_PRIVATE: boolean,
  /** How long one webhook try may take (connect and answer) before it counts as failed. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  /** Time limit of one run of a preview tool (pdftoppm, ffmpeg); killed past it. */
  PREVIEW_TOOL_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /** Time limit of one LibreOffice conversion of an office document to PDF; killed past it. */
  PREVIEW_OFFICE_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  /** Largest PDF or office document (MB) copied to scratch space to be rendered; larger ones get no preview. */
  PREVIEW_MAX_SOURCE_MB: z.coerce.number().int().positive().default(256),
})

export type Env = z.infer<typeof envSchema>

/** Every environment variable Ferry's server reads (the README's configuration table lists each). */
export const configVariableNames = Object.keys(envSchema.shape) as (keyof Env)[]

export interface Config {
  env: Env['NODE_ENV']
  host: string
  port: number
  /** Origin used in links (emails, signed upload URLs). */
  publicUrl: string
  /** The SFTP server: where it listens (port 0: off) and the host name credentials show. */
  sftp: { port: number; host: string }
  /** False when PUBLIC_URL is unset: API answers then use the origin each browser used. */
  publicUrlConfigured: boolean
  /** DNS servers for custom-domain checks (`ip[:port]`); empty: the system's. */
  dnsResolvers: string[]
  dataDir: string
  webDist: string
  logLevel: Env['LOG_LEVEL']
  bodyLimitBytes: number
  shutdownTimeoutMs: number
  trustProxy: boolean | string
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string }
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3'
        endpoint?: string
        bucket: string
        region: string
        accessKeyId?: string
        secretAccessKey?: string
        forcePathStyle: boolean
      }
  events: { kind: 'in-process' } | { kind: 'redis'; url: string }
  mail: { from: string } & ({ kind: 'outbox'; dir: string } | { kind: 'smtp'; url: string })
  /** Stripe Checkout when set (both keys); else the built-in test checkout (product.md §6). */
  stripe?: { secretKey: string; webhookSecret: string; apiBase?: string }
  /** Which checkout runs: Stripe's, or the built-in test checkout (free plans for anyone). */
  payments: 'stripe' | 'test'
  /** Whether PAYMENTS=test was set: a start with NODE_ENV=production and no Stripe needs it (startProblem). */
  testPaymentsExplicit: boolean
  /** Whether NODE_ENV was set to production (not just defaulted to it, as a bare `npm start` does). */
  productionDeclared: boolean
  google: { clientId?: string; jwksUrl: string }
  /** The operator's OpenID Connect provider (OIDC_*), when configured: the "Sign in with <name>" button. */
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string }
  jwtSecret?: string
  admin?: { email: string; password: string }
  redisUrl?: string
  /** Prepended to Ferry's Redis keys (rate-limit counts), so deployments can share one Redis. */
  redisKeyPrefix: string
  /**
   * clamd's address (CLAMAV_URL, docs/decisions/0039): when set, every stored file is scanned
   * before its transfer can be downloaded or its recipients are emailed.
   */
  clamavUrl?: string
  /**
   * Login and register attempts allowed per client address in each window; register attempts per
   * email; failed logins per account and address, after which login attempts on the account are
   * spaced by a delay doubling up to `maxDelayMs`.
   */
  authRateLimit: { perIp: number; perAccount: number; windowMs: number; maxDelayMs: number }
  /** Send throttles per account and per client address (security review M-2). */
  sendLimits: SendLimits
  /** Pending uploads expire `pendingTtlMs` after their last activity; visitors' starts are rate-limited. */
  uploads: { pendingTtlMs: number; visitorRateLimit: { perIp: number; windowMs: number } }
  /**
   * Rooms: joins per address per window; sockets per address; how long a participant without an
   * open socket keeps the seat.
   */
  rooms: {
    joinRateLimit: { perIp: number; windowMs: number }
    socketsPerIp: number
    presenceGraceMs: number
    heartbeatMs: number
  }
  /** Largest transfer (MB) the browser offers to download as one ZIP (GET /api/system/config). */
  clientZipMaxSizeMb: number
  /** STUN/TURN servers for peer connections in rooms. */
  iceServers: IceServer[]
  contactEmail?: string
  /** Sent as X-Ferry-Instance on every answer, so one can tell which instance served a request. */
  instanceId: string
  /** When set, GET /metrics needs `Authorization: Bearer <token>`; otherwise loopback clients only. */
  metricsToken?: string
  /** Overrides every periodic job's interval (ms) when set. */
  jobIntervalMs?: number
  /** Webhook deliveries (issue 20 item 5): private addresses allowed, and each try's time limit. */
  webhooks: { allowPrivate: boolean; timeoutMs: number }
  /** Limits of the tools that make previews (pdftoppm, ffmpeg, LibreOffice). */
  previews: { toolTimeoutMs: number; officeTimeoutMs: number; maxSourceBytes: number }
}

/** Counts per hour and per day; `newAccount` lowers the daily ones while an account is younger than `ms`. */
export interface SendLimits {
  transfers: { perHour: number; perDay: number }
  recipientEmails: { perHour: number; perDay: number }
  newAccount: { ms: number; transfersPerDay: number; recipientEmailsPerDay: number }
}

export class ConfigError extends Error {}

/**
 * Why the server must not start with this configuration, beyond what loadConfig checks: with
 * NODE_ENV=production (as the Docker image sets it), payments fail closed. Without Stripe keys the
 * built-in test checkout would let anyone give themselves a paid plan, so it runs only when
 * PAYMENTS=test says so (issue 15 item 12). A bare `npm start` (NODE_ENV unset) keeps its
 * embedded defaults, test checkout included. The admin command and tests load the config freely.
 */
export function startProblem(config: Config): ConfigError | undefined {
  if (config.productionDeclared && config.payments === 'test' && !config.testPaymentsExplicit) {
    return new ConfigError(
      'Refusing to start: NODE_ENV=production and no Stripe keys (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET).\n' +
        '  Without them the built-in test checkout lets anyone give themselves any plan for free.\n' +
        '  Set the Stripe keys, or set PAYMENTS=test to run the test checkout on purpose.',
    )
  }
  return undefined
}

/** The only reader of the environment: parse once, fail listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const problems: string[] = []
  const dataDir = path.resolve(e.DATA_DIR)

  if (e.S3_BUCKET === undefined && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    problems.push('  S3_BUCKET: required when other S3_* variables are set')
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push('  ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither')
  }
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter((v) => v !== undefined).length
  if (oidcSet !== 0 && oidcSet !== 3) {
    problems.push('  OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none')
  }
  if (e.STRIPE_WEBHOOK_SECRET && !e.STRIPE_SECRET_KEY) {
    problems.push('  STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set')
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (webhooks activate plans)')
  }
  if (e.PAYMENTS === 'stripe' && !e.STRIPE_SECRET_KEY) {
    problems.push('  PAYMENTS: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET')
  }
  if (e.PAYMENTS === 'test' && e.STRIPE_SECRET_KEY) {
    problems.push('  PAYMENTS: test cannot be combined with STRIPE_* keys (unset one or the other)')
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`)

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sftp: { port: e.SFTP_PORT, host: e.SFTP_HOST ?? new URL(e.PUBLIC_URL ?? 'http://localhost').hostname },
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    dnsResolvers: (e.DNS_RESOLVER ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    dataDir,
    webDist: path.resolve(e.WEB_DIST ?? serverPath('..', 'web', 'dist')),
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local', dir: path.join(dataDir, 'blobs') },
    events: e.REDIS_URL ? { kind: 'redis', url: e.REDIS_URL } : { kind: 'in-process' },
    mail: e.SMTP_URL
      ? { kind: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM }
      : { kind: 'outbox', dir: path.join(dataDir, 'mail'), from: e.MAIL_FROM },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : undefined,
    payments: e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'test',
    testPaymentsExplicit: e.PAYMENTS === 'test',
    productionDeclared: source.NODE_ENV === 'production',
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL },
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME }
        : undefined,
    jwtSecret: e.JWT_SECRET,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    clamavUrl: e.CLAMAV_URL,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
      maxDelayMs: e.AUTH_LOGIN_MAX_DELAY_SECONDS * 1000,
    },
    sendLimits: {
      transfers: { perHour: e.SEND_TRANSFERS_PER_HOUR, perDay: e.SEND_TRANSFERS_PER_DAY },
      recipientEmails: { perHour: e.SEND_RECIPIENT_EMAILS_PER_HOUR, perDay: e.SEND_RECIPIENT_EMAILS_PER_DAY },
      newAccount: {
        ms: e.SEND_NEW_ACCOUNT_HOURS * 60 * 60 * 1000,
        transfersPerDay: e.SEND_NEW_ACCOUNT_TRANSFERS_PER_DAY,
        recipientEmailsPerDay: e.SEND_NEW_ACCOUNT_RECIPIENT_EMAILS_PER_DAY,
      },
    },
    uploads: {
      pendingTtlMs: e.UPLOAD_PENDING_TTL_HOURS * 60 * 60 * 1000,
      visitorRateLimit: { perIp: e.UPLOAD_RATE_LIMIT_PER_IP, windowMs: e.UPLOAD_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    },
    rooms: {
      joinRateLimit: { perIp: e.ROOM_JOIN_RATE_LIMIT_PER_IP, windowMs: e.ROOM_JOIN_RATE_LIMIT_WINDOW_SECONDS * 1000 },
      socketsPerIp: e.ROOM_SOCKETS_PER_IP,
      presenceGraceMs: e.ROOM_PRESENCE_GRACE_SECONDS * 1000,
      heartbeatMs: e.ROOM_HEARTBEAT_SECONDS * 1000,
    },
    clientZipMaxSizeMb: e.CLIENT_ZIP_MAX_SIZE_MB,
    iceServers: e.ICE_SERVERS,
    contactEmail: e.CONTACT_EMAIL,
    // Random, so the header tells apart instances without naming the host (security review L-11).
    instanceId: e.INSTANCE_ID ?? randomBytes(6).toString('hex'),
    metricsToken: e.METRICS_TOKEN,
    jobIntervalMs: e.JOB_INTERVAL_SECONDS === undefined ? undefined : e.JOB_INTERVAL_SECONDS * 1000,
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE, timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000 },
    previews: {
      toolTimeoutMs: e.PREVIEW_TOOL_TIMEOUT_SECONDS * 1000,
      officeTimeoutMs: e.PREVIEW_OFFICE_TIMEOUT_SECONDS * 1000,
      maxSourceBytes: e.PREVIEW_MAX_SOURCE_MB * 1024 * 1024,
    },
  }
}
