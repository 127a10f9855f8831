import { spawn } from 'node:child_process'
import { access, constants } from 'node:fs/promises'
import path from 'node:path'

/** A conversion tool that failed: its exit, its time limit, or its output cap. Retrying will not help. */
export class ToolFailedError extends Error {
  constructor(
    readonly tool: string,
    readonly reason: 'exit' | 'timeout' | 'output_too_large' | 'spawn',
    detail: string,
  ) {
    super(`${tool} ${reason === 'timeout' ? 'ran past its time limit' : 'failed'}: ${detail}`.slice(0, 1000))
    this.name = 'ToolFailedError'
  }
}

export interface RunToolOptions {
  /** Killed (its whole process group, SIGKILL) past this. */
  timeoutMs: number
  /** Largest standard output kept in memory; more kills the tool. */
  maxStdoutBytes?: number
  cwd?: string
  env?: Record<string, string>
  /** The tool's name in errors (default: the command's), when the command is a wrapper such as unshare. */
  name?: string
}

const stderrKept = 4096

/**
 * Runs a program with arguments (never through a shell) and resolves with its standard output
 * when it exits 0. It runs in a process group of its own, so the time limit kills what it
 * started too (LibreOffice's launcher starts soffice.bin; ffmpeg may start nothing, but the
 * same rule holds for all).
 */
export function runTool(command: string, args: readonly string[], options: RunToolOptions): Promise<Buffer> {
  const name = options.name ?? path.basename(command)
  const maxStdout = options.maxStdoutBytes ?? 64 * 1024 * 1024
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const out: Buffer[] = []
    let outBytes = 0
    let stderr = ''
    let failure: ToolFailedError | undefined
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    const timer = setTimeout(() => {
      failure ??= new ToolFailedError(name, 'timeout', `${options.timeoutMs} ms`)
      killGroup()
    }, options.timeoutMs)
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length
      if (outBytes > maxStdout) {
        failure ??= new ToolFailedError(name, 'output_too_large', `over ${maxStdout} bytes`)
        killGroup()
        return
      }
      out.push(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < stderrKept) stderr += chunk.toString('utf8').slice(0, stderrKept - stderr.length)
    })
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new ToolFailedError(name, 'spawn', error.message))
    })
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      // Whatever the tool left running in its group goes with it.
      killGroup()
      if (failure) return reject(failure)
      if (code !== 0) {
        return reject(new ToolFailedError(name, 'exit', `exit ${code ?? signal}: ${stderr.trim() || 'no message'}`))
      }
      resolve(Buffer.concat(out))
    })
  })
}

/** The absolute path of an executable on PATH, or null when it is not installed. */
export async function findExecutable(name: string, searchPath = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue
    const candidate = path.join(dir, name)
    try {
      await access(candidate, constants.X_OK)
      return candidate
    } catch {}
  }
  return null
}
