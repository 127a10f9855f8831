import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumArgs } from './e2e/fixtures/chromium-args.js'

// Overridable so several engineers' runs can share one machine (each with its own WEB_DIST too).
const port = Number(process.env.FERRY_E2E_PORT ?? 3100)
// Set once in the runner; workers inherit it instead of making folders of their own.
process.env.FERRY_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ferry-e2e-'))

export default defineConfig({
  testDir: 'e2e',
  // The DNS server of DNS_RESOLVER, shared by every spec (e2e/fixtures/dns.ts).
  globalSetup: './e2e/fixtures/dns.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          // Debian's chromium: Playwright's own browsers are never downloaded here.
          executablePath: '/usr/bin/chromium',
          args: chromiumArgs,
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      // Its own SFTP port, beside whichever other runs share the machine (the SFTP panel shows it).
      SFTP_PORT: String(port + 1000),
      // Local-disk upload URLs are absolute: on another host name (localhost) the browser's PUT is cross-origin.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: process.env.FERRY_E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // NODE_ENV defaults to production, which refuses the test checkout unless asked for it (admin.spec checks the banner).
      PAYMENTS: 'test',
      // webhooks.spec starts its receiver on 127.0.0.1, which webhooks may not reach otherwise (SSRF rule).
      WEBHOOKS_ALLOW_PRIVATE: '1',
      // The global setup's DNS server (e2e/fixtures/dns.ts): custom-domain.spec and sso.spec add TXT records to it.
      DNS_RESOLVER: `127.0.0.1:${port + 2000}`,
      ...(process.env.FERRY_E2E_WEB_DIST ? { WEB_DIST: process.env.FERRY_E2E_WEB_DIST } : {}),
      // The bootstrap admin (product.md §10): e2e/fixtures/test.ts signs in with it once per worker to promote that worker's admin.
      ADMIN_EMAIL: 'admin@ferry.test',
      ADMIN_PASSWORD: 'e2e-admin-password-0123',
      // The production rate limits: no AUTH_RATE_LIMIT_* or SEND_* here. Each test comes from an
      // address of its own and each worker has its own admin (e2e/fixtures/test.ts, docs/testing.md).
    },
  },
})
