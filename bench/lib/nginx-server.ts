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

/**
 * nginx in the foreground (`daemon off`, one worker, as Node has one core for it) serving the
 * files of `root` with sendfile, on a free 127.0.0.1 port, everything it writes kept in `dir`.
 */
export async function startNginx(dir: string, root: string): Promise<Child<{ port: number }>> {
  await mkdir(dir, { recursive: true })
  const port = await freePort()
  const config = path.join(dir, 'nginx.conf')
  await writeFile(
    config,
    `daemon off;
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  client_body_temp_path ${path.join(dir, 'body')};
  proxy_temp_path ${path.join(dir, 'proxy')};
  fastcgi_temp_path ${path.join(dir, 'fastcgi')};
  uwsgi_temp_path ${path.join(dir, 'uwsgi')};
  scgi_temp_path ${path.join(dir, 'scgi')};
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  )
  const child = spawn(nginxBinary, ['-c', config, '-p', dir], { stdio: 'inherit' })
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nginx exited (${code}) before it was ready`))),
  )
  exited.catch(() => {})
  for (let attempt = 0; ; attempt++) {
    const up = await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' }).then(
      () => true,
      () => false,
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
