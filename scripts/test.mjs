// `npm test`: services, type checks, lint, unit and API tests, web build, browser tests.
// Each step runs even when an earlier one failed, so one run shows every problem.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const required = process.env.REQUIRE_SERVICES === '1'
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-test-'))

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0

const steps = []
const step = (name, ok) => {
  steps.push({ name, ok })
  console.log(`\n── ${name}: ${ok ? 'ok' : 'FAILED'}\n`)
}

const servicesOk = run('bash', ['scripts/ensure-services.sh'])
if (!servicesOk) {
  const message = 'Some test services could not be installed or started (see above).'
  if (required) step('services', false)
  else console.warn(`\n!!! ${message} Tests that need them will be SKIPPED.\n`)
}

step('type check', run('npm', ['run', 'typecheck', '--silent']))
// Biome, then the layering rules (.dependency-cruiser.cjs).
step('lint', run('npm', ['run', 'lint', '--silent']))

// The unit and API tests include the security review replays (server/src/security/, also
// `npm run test:security` on their own).
const vitestJson = path.join(reports, 'vitest.json')
step(
  'unit and API tests',
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]),
)
step('web build', run('npm', ['run', 'build', '--silent']))

const playwrightJson = path.join(reports, 'playwright.json')
step(
  'browser tests',
  run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }),
)

const counts = { passed: 0, failed: 0, skipped: 0 }
try {
  const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8'))
  counts.passed += v.numPassedTests
  counts.failed += v.numFailedTests
  counts.skipped += v.numPendingTests + (v.numTodoTests ?? 0)
} catch {}
try {
  const p = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')).stats
  counts.passed += p.expected + p.flaky
  counts.failed += p.unexpected
  counts.skipped += p.skipped
} catch {}

const failedSteps = steps.filter((s) => !s.ok)
console.log(`\nSteps: ${steps.map((s) => `${s.name} ${s.ok ? 'ok' : 'FAILED'}`).join(', ')}`)
if (failedSteps.length && counts.failed === 0) counts.failed = failedSteps.length
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
process.exit(failedSteps.length ? 1 : 0)
