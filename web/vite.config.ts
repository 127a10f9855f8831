import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const webDir = dirname(fileURLToPath(import.meta.url))
const localesDir = resolve(webDir, 'src/locales')
const apiTarget = process.env.FERRY_API_URL ?? 'http://localhost:3000'

/** Every locale file as `{lng}/{ns}.json` → its text, read fresh on each call. */
function readLocaleFiles(): Map<string, string> {
  const files = new Map<string, string>()
  for (const lng of readdirSync(localesDir, { withFileTypes: true })) {
    if (!lng.isDirectory()) continue
    for (const file of readdirSync(join(localesDir, lng.name))) {
      if (file.endsWith('.json'))
        files.set(`${lng.name}/${file}`, readFileSync(join(localesDir, lng.name, file), 'utf8'))
    }
  }
  return files
}

function localesVersion(): string {
  const hash = createHash('sha256')
  for (const [name, text] of [...readLocaleFiles()].sort(([a], [b]) => a.localeCompare(b)))
    hash.update(name).update(text)
  return hash.digest('hex').slice(0, 10)
}

/**
 * Translations stay out of the JS bundle (i18next-http-backend loads them per language), so they
 * are served at /locales/{lng}/{ns}.json in dev and copied to dist/locales at build.
 */
function localesPlugin(): Plugin {
  return {
    name: 'ferry-locales',
    configureServer(server) {
      server.watcher.add(localesDir)
      server.watcher.on('change', (file) => {
        if (file.startsWith(localesDir)) server.ws.send({ type: 'full-reload' })
      })
      server.middlewares.use('/locales', (req, res, next) => {
        const match = /^\/([a-z]{2}(?:-[A-Za-z]+)?)\/([a-z-]+)\.json(?:\?.*)?$/.exec(req.url ?? '')
        if (!match) return next()
        const text = readLocaleFiles().get(`${match[1]}/${match[2]}.json`)
        res.setHeader('Cache-Control', 'no-cache')
        if (text === undefined) {
          res.statusCode = 404
          res.end()
          return
        }
        res.setHeader('Content-Type', 'application/json; charset=utf-8')
        res.end(text)
      })
    },
    generateBundle() {
      for (const [name, text] of readLocaleFiles()) {
        // Parsing here fails the build on a malformed file instead of in a visitor's browser.
        this.emitFile({ type: 'asset', fileName: `locales/${name}`, source: JSON.stringify(JSON.parse(text)) })
      }
    },
  }
}

export default defineConfig({
  root: webDir,
  plugins: [react(), localesPlugin()],
  define: {
    // Appended to locale URLs so a new deploy never reads translations cached from the last one.
    __LOCALES_VERSION__: JSON.stringify(localesVersion()),
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/auth': { target: apiTarget },
      '/blobs': { target: apiTarget },
      // Only the download endpoint: /share/{id} itself is a page of this app.
      '^/share/[^/]+/download': { target: apiTarget },
      '/ws': { target: apiTarget, ws: true },
      '/healthz': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            // With use-sync-external-store (react-i18next's) and react-is: charts use them too, and
            // a group takes its modules' dependencies, so whichever group comes first owns them.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|use-sync-external-store|react-is)[\\/]/,
            },
            // Not @mantine/charts, which would pull recharts in.
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](?!charts)|@floating-ui|react-remove-scroll)/ },
            // Charts (analytics pages only) and recharts with its d3 and redux parts: loaded with those
            // pages, not with every page as 'mantine' and 'vendor' are. After 'mantine', which has
            // claimed the core modules charts depend on.
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|d3-|victory-vendor|@reduxjs|redux|react-redux|reselect|immer|es-toolkit|decimal\.js-light|internmap|eventemitter3|tiny-invariant)/,
            },
            // The share page viewer's libraries load only when a PDF or a text file is opened, not
            // with the app (they would otherwise join 'vendor', which every page loads).
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/ },
            {
              name: 'text-viewer',
              test: /node_modules[\\/](highlight\.js|react-markdown|remark-|micromark|mdast-|hast-|unist-|unified|vfile)/,
            },
            // zod-without-eval.ts with zod itself: its z.config({ jitless }) must run before any
            // chunk builds a schema (the app's chunks are evaluated before the entry's own body).
            { name: 'vendor', test: /node_modules[\\/]|[\\/]src[\\/]lib[\\/]zod-without-eval\.ts$/ },
          ],
        },
      },
    },
  },
})
