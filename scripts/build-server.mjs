// Builds the server into ES modules, server/dist/main.js and the chunks it imports on demand (the
// adapters a configuration does not choose are never loaded), so production runs plain
// JavaScript: no TypeScript loader thread, no transform at start (tsx cost ~60 MB RSS an
// instance). Packages stay external (node_modules as installed); @ferry/contracts is bundled.
// `node scripts/build-server.mjs` builds; start.mjs calls ensureServerBuild() (only when stale).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const serverBundle = path.join(root, 'server', 'dist', 'main.js')
/** What the bundle is made from, this script included (its options shape the output). */
const sources = [path.join(root, 'server', 'src'), path.join(root, 'contracts', 'src'), fileURLToPath(import.meta.url)]

/** The newest modification time (ms) of a file or anything in a folder; 0 when missing. */
export function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))))
}

export function serverBuildIsStale() {
  const built = fs.statSync(serverBundle, { throwIfNoEntry: false })
  return !built || Math.max(...sources.map(newestMtime)) > built.mtimeMs
}

const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ferry/') ? undefined : { path: args.path, external: true },
    )
  },
}

export async function buildServer() {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    // The embedded database's worker thread is an entry of its own (db/pglite-thread.ts starts it).
    entryPoints: [
      path.join(root, 'server', 'src', 'main.ts'),
      path.join(root, 'server', 'src', 'db', 'pglite-worker.ts'),
    ],
    outdir: path.dirname(serverBundle),
    entryNames: '[name]',
    // Beside main.js: server-paths.ts may land in a chunk, and resolves from its own folder.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [externalPackages],
    write: false,
    logLevel: 'warning',
  })
  fs.mkdirSync(path.dirname(serverBundle), { recursive: true })
  // Several instances may start at once: each writes its own temp files and renames them into
  // place. Chunks are named by their content, so a running instance never sees one change.
  // Chunks first, so main.js never names one that is not there yet.
  const files = result.outputFiles.toSorted((a, b) => Number(a.path === serverBundle) - Number(b.path === serverBundle))
  for (const file of files) {
    const temp = `${file.path}.${process.pid}.tmp`
    fs.writeFileSync(temp, file.contents)
    fs.renameSync(temp, file.path)
  }
}

/** The bundle's path, building it first when it is missing or older than the sources. */
export async function ensureServerBuild() {
  if (serverBuildIsStale()) await buildServer()
  return serverBundle
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer()
