import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { CliError } from './errors.js'

/** What `ferry login` stores: the server's origin and the API key for it. */
export interface StoredLogin {
  server: string
  key: string
}

type Env = Record<string, string | undefined>

/** `$XDG_CONFIG_HOME/ferry`, else `~/.config/ferry` (Windows: `%APPDATA%\ferry`). */
export function configDir(env: Env = process.env): string {
  if (env.XDG_CONFIG_HOME) return path.join(env.XDG_CONFIG_HOME, 'ferry')
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'ferry')
  return path.join(env.HOME ?? os.homedir(), '.config', 'ferry')
}

/** `$XDG_STATE_HOME/ferry`, else `~/.local/state/ferry`: where unfinished uploads are remembered. */
export function stateDir(env: Env = process.env): string {
  if (env.XDG_STATE_HOME) return path.join(env.XDG_STATE_HOME, 'ferry')
  if (process.platform === 'win32' && env.LOCALAPPDATA) return path.join(env.LOCALAPPDATA, 'ferry', 'state')
  return path.join(env.HOME ?? os.homedir(), '.local', 'state', 'ferry')
}

export const configFile = (env: Env = process.env) => path.join(configDir(env), 'config.json')

/** A server address as typed ('ferry.example.com', 'https://…/') made an origin: 'https://ferry.example.com'. */
export function normaliseServer(input: string): string {
  const trimmed = input.trim()
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new CliError(`"${input}" is not a server address (for example https://ferry.example.com).`, 2)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CliError(`"${input}" is not an http(s) address.`, 2)
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

export async function readStoredLogin(env: Env = process.env): Promise<Partial<StoredLogin>> {
  let text: string
  try {
    text = await readFile(configFile(env), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw error
  }
  try {
    const value = JSON.parse(text) as Partial<StoredLogin>
    return {
      server: typeof value.server === 'string' ? value.server : undefined,
      key: typeof value.key === 'string' ? value.key : undefined,
    }
  } catch {
    throw new CliError(`${configFile(env)} is not valid JSON; fix it or run \`ferry login\` again.`)
  }
}

/**
 * Writes the login readable by its owner only (0600, in a 0700 folder): it holds a key that can
 * send and delete transfers. Written to a temporary file and renamed, so a crash never leaves half.
 */
export async function writeStoredLogin(login: StoredLogin, env: Env = process.env): Promise<string> {
  const file = configFile(env)
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 })
  // The mode given to writeFile is masked by the umask; make sure.
  await chmod(temporary, 0o600)
  await rename(temporary, file)
  return file
}

/**
 * The server and key a command uses: FERRY_SERVER and FERRY_KEY win over the stored login (for
 * scripts and CI), a --server flag over both for the server.
 */
export async function resolveLogin(
  flags: { server?: string },
  env: Env = process.env,
): Promise<{ server: string; key: string }> {
  const stored = await readStoredLogin(env)
  const server = flags.server ?? env.FERRY_SERVER ?? stored.server
  const key = env.FERRY_KEY ?? stored.key
  if (!server || !key) {
    throw new CliError('You are not logged in: run `ferry login` (or set FERRY_SERVER and FERRY_KEY).')
  }
  return { server: normaliseServer(server), key }
}
