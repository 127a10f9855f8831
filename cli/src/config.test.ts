import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { configDir, normaliseServer, readStoredLogin, resolveLogin, stateDir, writeStoredLogin } from './config.js'
import { CliError } from './errors.js'

describe('config', () => {
  let home: string
  beforeEach(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'ferry-config-'))
  })
  afterEach(async () => {
    await rm(home, { recursive: true, force: true })
  })

  it('lives in the XDG folders, else under the home folder', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/config', HOME: '/h' })).toBe('/x/config/ferry')
    expect(configDir({ HOME: '/h' })).toBe('/h/.config/ferry')
    expect(stateDir({ XDG_STATE_HOME: '/x/state', HOME: '/h' })).toBe('/x/state/ferry')
    expect(stateDir({ HOME: '/h' })).toBe('/h/.local/state/ferry')
  })

  it('writes the login readable by its owner only, and reads it back', async () => {
    const env = { XDG_CONFIG_HOME: home }
    const file = await writeStoredLogin({ server: 'https://f.example', key: 'ferry_k' }, env)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ server: 'https://f.example', key: 'ferry_k' })
    expect(await readStoredLogin(env)).toEqual({ server: 'https://f.example', key: 'ferry_k' })
  })

  it('lets FERRY_SERVER and FERRY_KEY override the stored login, and --server both', async () => {
    const env = { XDG_CONFIG_HOME: home }
    await writeStoredLogin({ server: 'https://stored.example', key: 'stored' }, env)
    expect(await resolveLogin({}, env)).toEqual({ server: 'https://stored.example', key: 'stored' })
    const overridden = { ...env, FERRY_SERVER: 'env.example', FERRY_KEY: 'from-env' }
    expect(await resolveLogin({}, overridden)).toEqual({ server: 'https://env.example', key: 'from-env' })
    expect(await resolveLogin({ server: 'http://flag.example:8080/' }, overridden)).toEqual({
      server: 'http://flag.example:8080',
      key: 'from-env',
    })
  })

  it('says to log in when there is no login', async () => {
    await expect(resolveLogin({}, { XDG_CONFIG_HOME: home })).rejects.toThrow(/ferry login/)
  })

  it('makes an origin of what a person types as the server', () => {
    expect(normaliseServer('ferry.example.com')).toBe('https://ferry.example.com')
    expect(normaliseServer(' https://ferry.example.com/ ')).toBe('https://ferry.example.com')
    expect(normaliseServer('http://localhost:3000/ferry/')).toBe('http://localhost:3000/ferry')
    expect(() => normaliseServer('ftp://x.example')).toThrow(CliError)
    expect(() => normaliseServer('http://')).toThrow(CliError)
  })
})
