import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { configVariableNames, loadConfig } from '../config.js'

// Docker cannot run on this machine: these checks keep Dockerfile, compose.yaml and the nginx
// config in step with the code they start (commands, ports, environment variable names).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
const dockerfile = read('Dockerfile')
const compose = read('compose.yaml')
const nginx = read('deploy/nginx.conf')

/** The variables config.ts reads (the keys of its env schema). */
const configVariables = new Set<string>(configVariableNames)

/** `KEY: value` lines of the top-level block `name:` of compose.yaml (two-space indented). */
function composeBlock(name: string): Record<string, string> {
  const start = compose.indexOf(`\n${name}`)
  expect(start, name).toBeGreaterThan(-1)
  const entries: Record<string, string> = {}
  for (const line of compose
    .slice(start + 1)
    .split('\n')
    .slice(1)) {
    if (!line.startsWith('  ')) break
    const match = /^ {2}([A-Z][A-Z0-9_]*): (.*)$/.exec(line)
    if (match) entries[match[1]!] = match[2]!.replace(/^"(.*)"$/, '$1')
  }
  return entries
}

/** What compose makes of `${VAR:-default}` and `${VAR:?error}` when the operator set VAR to `set`. */
const interpolate = (value: string) =>
  value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1').replace(/\$\{[A-Z_]+:\?[^}]*\}/g, 'set-by-operator')

describe('Dockerfile', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1)
  const final = stages.at(-1)!

  it('is multi-stage and runs as an unprivileged user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2)
    expect(final).toMatch(/^USER node$/m)
    expect(stages.slice(0, -1).join('')).not.toMatch(/^USER /m)
  })

  it('starts the server as `npm start` does, on the port it exposes, and checks /healthz', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
    expect(final).toContain('CMD ["node", "scripts/start.mjs"]')
    expect(pkg.scripts.start).toBe('node scripts/start.mjs')
    expect(final).toMatch(/^EXPOSE 3000$/m)
    expect(final).toMatch(/PORT=3000/)
    expect(final).toMatch(/HEALTHCHECK[\s\S]*\/healthz/)
    expect(read('server/src/features/system/system.routes.ts')).toContain("'/healthz'")
  })

  it('sets only variables the server or start script reads, and copies files that exist', () => {
    for (const [, name] of final.matchAll(/^\s+([A-Z_]+)=/gm)) {
      const known = configVariables.has(name!) || read('scripts/start.mjs').includes(`process.env.${name}`)
      expect(known, name).toBe(true)
    }
    for (const [, sources] of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const source of sources!.split(' ')) expect(fs.existsSync(path.join(root, source)), source).toBe(true)
    }
  })
})

describe('compose.yaml and deploy/nginx.conf', () => {
  const environment = composeBlock('x-ferry-environment: &ferry-environment')

  it('names only variables config.ts reads, and the server accepts the values', () => {
    expect(Object.keys(environment).length).toBeGreaterThan(10)
    for (const name of Object.keys(environment)) expect(configVariables.has(name), name).toBe(true)
    const env = Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, interpolate(v)]))
    const config = loadConfig({ ...env, INSTANCE_ID: 'ferry-1' })
    expect(config.database.kind).toBe('postgres')
    expect(config.storage.kind).toBe('s3')
    expect(config.events.kind).toBe('redis')
    expect(config.mail.kind).toBe('smtp')
    expect(config.port).toBe(3000)
    expect(config.admin?.email).toBe('admin@ferry.localhost')
  })

  it('runs two instances, each named, behind nginx sending to both on the server port', () => {
    for (const instance of ['ferry-1', 'ferry-2']) {
      expect(compose).toMatch(new RegExp(`^ {2}${instance}:\\n {4}<<: \\*ferry\\n`, 'm'))
      expect(compose).toContain(`INSTANCE_ID: ${instance}`)
      expect(nginx).toContain(`server ${instance}:${environment.PORT} `)
    }
    expect(compose).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro')
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade/)
    expect(nginx).toMatch(/proxy_request_buffering off/)
  })

  it('has nginx add the browser security headers where an answer lacks them (security review M-5)', () => {
    for (const [header, upstream] of [
      ['Content-Security-Policy', 'content_security_policy'],
      ['X-Content-Type-Options', 'x_content_type_options'],
      ['Referrer-Policy', 'referrer_policy'],
      ['X-Frame-Options', 'x_frame_options'],
    ]) {
      const added = new RegExp(`add_header ${header} \\$(\\w+) always;`).exec(nginx)
      expect(added, header).not.toBeNull()
      expect(nginx).toMatch(new RegExp(`map \\$upstream_http_${upstream} \\$${added![1]} \\{\\s*''\\s+\\S`))
    }
    expect(nginx).toContain("frame-ancestors 'none'")
    expect(nginx).toMatch(/\$fallback_referrer_policy \{\s*''\s+no-referrer;/)
    expect(nginx).toMatch(/map "\$scheme:\$upstream_http_strict_transport_security" \$fallback_hsts \{\s*'https:'/)
    expect(nginx).toMatch(/add_header Strict-Transport-Security \$fallback_hsts always;/)
  })

  it('points the instances at the services it defines, with matching credentials', () => {
    const db = new URL(environment.DATABASE_URL!)
    expect(compose).toContain(`POSTGRES_USER: ${db.username}`)
    expect(compose).toContain(`POSTGRES_PASSWORD: ${db.password}`)
    expect(compose).toContain(`POSTGRES_DB: ${db.pathname.slice(1)}`)
    expect(db.hostname).toBe('postgres')
    expect(new URL(environment.REDIS_URL!).hostname).toBe('redis')
    expect(new URL(environment.SMTP_URL!).hostname).toBe('mailpit')
    expect(compose).toContain(`MINIO_ROOT_USER: ${environment.S3_ACCESS_KEY_ID}`)
    expect(compose).toContain(`MINIO_ROOT_PASSWORD: ${environment.S3_SECRET_ACCESS_KEY}`)
    expect(compose).toContain(`mc mb --ignore-existing local/${environment.S3_BUCKET}`)
    const s3 = new URL(environment.S3_ENDPOINT!)
    expect(compose).toContain(`- ${s3.hostname}`)
    expect(compose).toContain(`"${s3.port}:9000"`)
    for (const service of ['postgres', 'redis', 'minio', 'minio-bucket', 'mailpit', 'proxy']) {
      expect(compose).toMatch(new RegExp(`^ {2}${service}:$`, 'm'))
    }
  })
})
