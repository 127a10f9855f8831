import type { Readiness, SystemConfig } from '@ferry/contracts/api/system'
import type { Deps } from '../../deps.js'

const checkTimeoutMs = 3000

async function passes(check: () => Promise<void>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), checkTimeoutMs)
  })
  try {
    await Promise.race([check(), timeout])
    return 'ok'
  } catch {
    return 'failed'
  } finally {
    clearTimeout(timer)
  }
}

export function createSystemService(deps: Pick<Deps, 'database' | 'blobs' | 'config'>) {
  return {
    /** What the browser reads at start (spec/transfers.md §3 System config). */
    clientConfig(): SystemConfig {
      return {
        client_zip_max_size_mb: deps.config.clientZipMaxSizeMb,
        source: 'config',
        contact_email: deps.config.contactEmail ?? null,
        payments: deps.config.payments,
      }
    },

    /** Ready when the database and the file store both answer. */
    async readiness(): Promise<Readiness> {
      const [database, storage] = await Promise.all([
        passes(() => deps.database.check()),
        passes(() => deps.blobs.check()),
      ])
      const checks = { database, storage }
      const ready = Object.values(checks).every((c) => c === 'ok')
      return { status: ready ? 'ready' : 'unavailable', checks }
    },
  }
}

export type SystemService = ReturnType<typeof createSystemService>
