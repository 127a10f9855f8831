// Builds the published CLI: one ES module with the contracts (route definitions, zod schemas) inside,
// so the package has no runtime dependencies and never needs the private @ferry/contracts.
// `node build.mjs [outfile]` (default dist/ferry.js).
import path from 'node:path'
import { build } from 'esbuild'

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: process.argv[2] ? path.resolve(process.argv[2]) : new URL('./dist/ferry.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
})
