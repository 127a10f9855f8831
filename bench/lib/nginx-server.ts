import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { freePort } from '../../server/src/testing/free-port.js'
import type { Child } from './processes.js'

const nginxBinary = '/usr/sbin/nginx'

/** Debian's nginx, installed with apt-get when missing and the benchmark runs as root; false when unavailable. */
export function ensureNginx(): boolean {
  if (existsSync(nginxBinary)) return true
  if (process.getuid?.() !== 0) return false
  console.log('Installing Debian nginx (apt-get install -y nginx)…')
  execFileSync('apt-get', ['install', '-y', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return existsSync(nginxBinary)
}

/** Where nginx keeps its pid, log and temp files, all in `dir`, for the `http` block `http`. */
function nginxConfig(dir: string, http: string): string {
  return `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${path.join(dir, 'body')};
  proxy_temp_path ${path.join(dir, 'proxy')};
  fastcgi_temp_path ${path.join(dir, 'fastcgi')};
  uwsgi_temp_path ${path.join(dir, 'uwsgi')};
  scgi_temp_path ${path.join(dir, 'scgi')};
${http}
}
`
}

/** Runs nginx in the foreground with `http` as its http block on a free port; resolves once it answers. */
async function runNginx(
  dir: string,
  http: (port: number) => string,
  scheme: 'http' | 'https' = 'http',
): Promise<Child<{ port: number }>> {
  await mkdir(dir, { recursive: true })
  const port = await freePort()
  const config = path.join(dir, 'nginx.conf')
  await writeFile(config, nginxConfig(dir, http(port)))
  const child = spawn(nginxBinary, ['-c', config, '-p', dir], { stdio: 'inherit' })
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nginx exited (${code}) before it was ready`))),
  )
  exited.catch(() => {})
  for (let attempt = 0; ; attempt++) {
    // Any answer, even a TLS handshake refused for the self-signed certificate, means it listens.
    const up = await fetch(`${scheme}://127.0.0.1:${port}/`, { method: 'HEAD' }).then(
      () => true,
      (error: Error) => scheme === 'https' && !String(error.cause).includes('ECONNREFUSED'),
    )
    if (up) break
    if (attempt > 100) throw new Error('nginx did not answer in 10 s')
    await Promise.race([new Promise((r) => setTimeout(r, 100)), exited])
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGQUIT')
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
    })
  return { process: child, info: { port }, stop }
}

/**
 * nginx in the foreground (`daemon off`, one worker, as Node has one core for it) serving the
 * files of `root` on a free 127.0.0.1 port, everything it writes kept in `dir`. With `sendfile`
 * the kernel copies file to socket; without it nginx reads and writes through its buffers, which on
 * loopback is sometimes the faster of the two, so the download benchmark measures both.
 */
export function startNginx(dir: string, root: string, { sendfile = true } = {}): Promise<Child<{ port: number }>> {
  return runNginx(
    dir,
    (port) => `  sendfile ${sendfile ? 'on' : 'off'};
  tcp_nopush on;
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }`,
  )
}

/**
 * nginx as the round-robin load balancer of deploy/nginx.conf (keep-alive to the instances,
 * WebSocket upgrades, unbuffered bodies) in front of `targets` (http://host:port).
 */
export function startNginxBalancer(dir: string, targets: string[]): Promise<Child<{ port: number }>> {
  return runNginx(
    dir,
    (port) => `  upstream ferry {
${targets.map((t) => `    server ${new URL(t).host};`).join('\n')}
    keepalive 64;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      '';
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 0;
    proxy_request_buffering off;
    proxy_buffering off;
    location / {
      proxy_pass http://ferry;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
  }`,
  )
}

/**
 * nginx ending TLS in front of `target` (http://host:port), as a deployment does: a self-signed
 * ECDSA certificate made with openssl, TLS 1.3 (AES-GCM with AES-NI), proxied unbuffered like
 * deploy/nginx.conf. Its port answers https; a client must accept the certificate (curl -k).
 */
export async function startNginxTls(dir: string, target: string): Promise<Child<{ port: number }>> {
  await mkdir(dir, { recursive: true })
  const key = path.join(dir, 'tls.key')
  const cert = path.join(dir, 'tls.crt')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ],
    { stdio: 'ignore' },
  )
  return runNginx(
    dir,
    (port) => `  upstream ferry {
    server ${new URL(target).host};
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    ssl_protocols TLSv1.3;
    proxy_buffering off;
    # Unbuffered, nginx reads at most this much from Ferry at a time: its 4 KiB default makes
    # 4 KiB TLS records and caps a download far below what the cipher can do.
    proxy_buffer_size 256k;
    proxy_buffers 4 256k;
    proxy_busy_buffers_size 256k;
    location / {
      proxy_pass http://ferry;
      proxy_http_version 1.1;
      proxy_set_header Connection '';
      proxy_set_header Host $host;
    }
  }`,
    'https',
  )
}
