import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where most
    // test files wait on a database, a child process or the network. Two overlap that waiting
    // (the whole suite passed this way with the machine's load average near 18).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'contracts/src/**/*.test.ts'],
          // The cluster suite has its own run: npm run test:cluster (vitest.cluster.config.ts).
          exclude: ['server/src/cluster/**/*.cluster.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The layering lint's fixture test (scripts/layering.test.ts, .dependency-cruiser.cjs).
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        // The command-line client (cli/): unit tests beside the code, end-to-end tests in cli/test that
        // start a real server and run the CLI as a child process.
        test: {
          name: 'cli',
          include: ['cli/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Component tests (docs/architecture.md, section 11): React in happy-dom with the app's providers.
        test: {
          name: 'web-components',
          include: ['web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/src/testing/setup-dom.ts'],
          // Each keystroke re-renders a whole form: room for a busy machine.
          testTimeout: 15_000,
        },
      },
    ],
  },
})
