import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The `ferry` command as npm links it (cli/bin/ferry.js, running the sources through tsx). */
export const ferryBin = fileURLToPath(new URL('../bin/ferry.js', import.meta.url))

export interface CliResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Starts `ferry <args>` with its own config and state folders (env), as a script runs it: stdin closed, or `input`. */
export function startCli(
  args: string[],
  env: Record<string, string>,
  input?: string,
): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [ferryBin, ...args], {
    env: { PATH: process.env.PATH, HOME: env.HOME ?? '/nonexistent', ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  })
  // Piped in, as `echo "$KEY" | ferry login` does.
  if (input !== undefined) child.stdin!.end(input)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const done = new Promise<CliResult>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
  return { child, done }
}

export const runCli = (args: string[], env: Record<string, string>, input?: string) => startCli(args, env, input).done
