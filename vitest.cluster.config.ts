import { defineConfig } from 'vitest/config'

// `npm run test:cluster`: Ferry as several instances behind a proxy (server/src/cluster). Kept out of
// `npm test`: each file starts its own PostgreSQL, Redis, S3 server and instances, one file at a time.
export default defineConfig({
  test: {
    name: 'cluster',
    include: ['server/src/cluster/**/*.cluster.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
})
