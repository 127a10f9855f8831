import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, startProblem } from '../../config.js'
import { serverPath } from '../../server-paths.js'

describe('payments configuration (product.md §6)', () => {
  it('uses Stripe only with both keys, else the test checkout', () => {
    expect(loadConfig({}).stripe).toBeUndefined()
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:1' })
        .stripe,
    ).toEqual({ secretKey: 'sk_x', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:1' })
  })

  it('refuses one key without the other', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_x' })).toThrow(ConfigError)
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(ConfigError)
  })
})

// Issue 15 item 12: in production, payments fail closed. Without Stripe keys the server starts
// with the test checkout only when PAYMENTS=test says so.
describe('a start with NODE_ENV=production and no Stripe', () => {
  const stripeKeys = { STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }

  it('is refused unless PAYMENTS=test, with a sentence saying what to set', () => {
    const problem = startProblem(loadConfig({ NODE_ENV: 'production' }))
    expect(problem).toBeInstanceOf(ConfigError)
    expect(problem?.message).toMatch(/NODE_ENV=production and no Stripe keys/)
    expect(problem?.message).toMatch(/PAYMENTS=test/)
    // A bare `npm start` (NODE_ENV unset) keeps the embedded defaults, test checkout included.
    expect(startProblem(loadConfig({}))).toBeUndefined()
    expect(startProblem(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }))).toBeUndefined()
    expect(startProblem(loadConfig({ NODE_ENV: 'production', ...stripeKeys }))).toBeUndefined()
    expect(startProblem(loadConfig({ NODE_ENV: 'development' }))).toBeUndefined()
    expect(startProblem(loadConfig({ NODE_ENV: 'test' }))).toBeUndefined()
  })

  it('names the checkout in config.payments; PAYMENTS contradicting the keys is a config error', () => {
    expect(loadConfig({ PAYMENTS: 'test' }).payments).toBe('test')
    expect(loadConfig({ ...stripeKeys }).payments).toBe('stripe')
    expect(loadConfig({ ...stripeKeys, PAYMENTS: 'stripe' }).payments).toBe('stripe')
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/PAYMENTS: stripe needs STRIPE_SECRET_KEY/)
    expect(() => loadConfig({ ...stripeKeys, PAYMENTS: 'test' })).toThrow(/PAYMENTS: test cannot be combined/)
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow(ConfigError)
  })

  it('stops the real server process with exit code 1 and the message', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-payments-'))
    try {
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: serverPath('..'),
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          NODE_ENV: 'production',
          FERRY_SKIP_WEB_BUILD: '1',
          HOST: '127.0.0.1',
          PORT: '0',
          SFTP_PORT: '0', // SFTP (default 2222) only where a test asks for it: parallel servers would collide
          DATA_DIR: dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk))
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
      expect(code, output).toBe(1)
      expect(output).toContain('Refusing to start: NODE_ENV=production and no Stripe keys')
      expect(output).toContain('set PAYMENTS=test')
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
