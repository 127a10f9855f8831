import { randomUUID } from 'node:crypto'
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.js'
import { createTestDatabase } from './test-database.js'

export interface TwoInstances {
  one: TestApp
  two: TestApp
  close(): Promise<void>
}

/**
 * Two app instances on one fresh PostgreSQL database and the shared Redis (under a key prefix of
 * their own), as two servers behind a load balancer.
 */
export async function startTwoInstances(
  options: Omit<TestAppOptions, 'databaseUrl' | 'events'> = {},
): Promise<TwoInstances> {
  const database = await createTestDatabase('postgres')
  const appOptions: TestAppOptions = {
    ...options,
    databaseUrl: database.url!,
    events: 'redis',
    env: { REDIS_KEY_PREFIX: `test-${randomUUID()}:`, ...options.env },
  }
  const [one, two] = await Promise.all([buildTestApp(appOptions), buildTestApp(appOptions)])
  return {
    one,
    two,
    async close() {
      await Promise.all([one.close(), two.close()])
      await database.close()
    },
  }
}
