// `npm run bench`: runs every benchmark in bench/ in turn; each prints its figures next to
// a ceiling measured in the same run. `npm run bench -- upload` runs only matching ones.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const filter = process.argv[2]
const benches = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => /\.(mjs|ts)$/.test(f) && !f.startsWith('_'))
  .filter((f) => !filter || f.includes(filter))
  .sort()
let failed = 0
for (const file of benches) {
  console.log(`\n=== ${file}`)
  const result = spawnSync('node', ['--import', 'tsx', path.join('bench', file)], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
