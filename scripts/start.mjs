// `npm start`: builds the web app and the server bundle when missing or older than their sources,
// then runs the server (server/dist/main.js) in this process.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureServerBuild, newestMtime, serverBundle } from './build-server.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const web = path.join(root, 'web')
// WEB_DIST (also read by the server) lets parallel test runs each build into a folder of their own.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(web, 'dist')
const builtIndex = path.join(dist, 'index.html')

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

// FERRY_SKIP_SERVER_BUILD=1 (the Docker image): server/dist was built with the image; run it as is.
await import(process.env.FERRY_SKIP_SERVER_BUILD === '1' ? serverBundle : await ensureServerBuild())
