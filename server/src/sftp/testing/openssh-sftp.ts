import { spawn, spawnSync } from 'node:child_process'

/** Whether OpenSSH's `sftp` and `sshpass` are installed (scripts/ensure-services.sh installs both). */
export const opensshAvailable = () => ['sftp', 'sshpass'].every((command) => spawnSync('which', [command]).status === 0)

export interface SftpRun {
  code: number | null
  stdout: string
  stderr: string
}

/** How the client signs in: a password (answered by sshpass), or a private key file. */
export type SftpCredential = string | { identity: string }

/**
 * Runs OpenSSH's `sftp` in batch mode against 127.0.0.1:`port`, signed in as `user` with a
 * password (handed over by sshpass through its environment, never on a command line) or with
 * the private key in `{ identity }`. A batch stops at the first command that fails, with a
 * non-zero exit code.
 */
export function runSftp(
  port: number,
  user: string,
  credential: SftpCredential,
  commands: readonly string[],
  options: { cwd?: string; knownHosts?: string; timeoutMs?: number } = {},
): Promise<SftpRun> {
  const password = typeof credential === 'string' ? credential : undefined
  const auth = password
    ? // -b turns BatchMode on, which never asks for a password; sshpass answers the prompt.
      ['-o', 'BatchMode=no', '-o', 'PreferredAuthentications=password', '-o', 'PubkeyAuthentication=no']
    : [
        '-i',
        (credential as { identity: string }).identity,
        '-o',
        'IdentitiesOnly=yes',
        '-o',
        'PreferredAuthentications=publickey',
      ]
  const args = [
    '-P',
    String(port),
    '-o',
    options.knownHosts ? `UserKnownHostsFile=${options.knownHosts}` : 'UserKnownHostsFile=/dev/null',
    '-o',
    options.knownHosts ? 'StrictHostKeyChecking=accept-new' : 'StrictHostKeyChecking=no',
    ...auth,
    '-o',
    'NumberOfPasswordPrompts=1',
    '-o',
    'LogLevel=ERROR',
    // The user name as an option, not `user@host`: a share id may start with '-', which sftp would
    // read as an option of its own.
    '-o',
    `User=${user}`,
    '-b',
    '-',
    '127.0.0.1',
  ]
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' }
    const child = password
      ? spawn('sshpass', ['-e', 'sftp', ...args], { cwd: options.cwd, env: { ...env, SSHPASS: password } })
      : spawn('sftp', args, { cwd: options.cwd, env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
    child.stdin.end(`${commands.join('\n')}\n`)
  })
}
