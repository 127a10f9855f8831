// `npm start`: builds the web app when its build is missing or older than its sources,
// then runs the server (TypeScript through tsx) in this process.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const web = path.join(root, 'web')
// WEB_DIST (also read by the server) lets parallel test runs each build into a folder of their own.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(web, 'dist')
const builtIndex = path.join(dist, 'index.html')

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))))
}

function webBuildIsStale() {
  const built = fs.statSync(builtIndex, { throwIfNoEntry: false })
  if (!built) return true
  const sources = ['src', 'index.html', 'vite.config.ts', 'public', '../contracts/src'].map((p) => path.join(web, p))
  return Math.max(...sources.map(newestMtime)) > built.mtimeMs
}

if (process.env.FERRY_SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.log('Building the web app…')
  const result = spawnSync('npm', ['run', 'build', '-w', '@ferry/web', '--', '--outDir', dist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const { register } = await import('tsx/esm/api')
register()
await import(path.join(root, 'server', 'src', 'main.ts'))
