import { parseArgs } from 'node:util'
import packageJson from '../package.json' with { type: 'json' }
import { CliError, usageExitCode } from './errors.js'
import { get } from './get/get.js'
import { login } from './login.js'
import { send } from './send/send.js'
import { listTransfers, removeTransfer } from './transfers.js'

const usage = `ferry ${packageJson.version}: send and fetch Ferry transfers from a terminal

Usage:
  ferry login [--server URL] [--key KEY]      check an API key and keep it for the next commands
  ferry send <files or folders...> --to a@b.c [--to ...]
             [--title T] [--message M] [--expires HOURS] [--password P | --ask-password]
             [--parallel N] [--part-size 16M] [--limit-rate 10M]
                                              upload (resuming an interrupted run), print the share URL
  ferry get <share url> [-o DIR] [--password P] [--email E] [--force]
                                              download every file, resuming partial ones
  ferry ls [--json] [--limit N]               your transfers: id, title, size, expiry, downloads
  ferry rm <id>                               delete a transfer

Every command takes --server URL. FERRY_SERVER and FERRY_KEY override the stored login.
`

type Command = (args: string[]) => Promise<void>

const serverOption = { server: { type: 'string' } } as const

const commands: Record<string, Command> = {
  async login(args) {
    const { values } = parseArgs({ args, options: { ...serverOption, key: { type: 'string' } } })
    await login(values)
  },
  async send(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        ...serverOption,
        to: { type: 'string', multiple: true, default: [] },
        title: { type: 'string' },
        message: { type: 'string' },
        expires: { type: 'string' },
        password: { type: 'string' },
        'ask-password': { type: 'boolean' },
        parallel: { type: 'string' },
        'part-size': { type: 'string' },
        'limit-rate': { type: 'string' },
      },
    })
    await send(positionals, {
      ...values,
      askPassword: values['ask-password'],
      partSize: values['part-size'],
      limitRate: values['limit-rate'],
    })
  },
  async get(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        output: { type: 'string', short: 'o' },
        password: { type: 'string' },
        email: { type: 'string' },
        force: { type: 'boolean' },
      },
    })
    if (positionals.length !== 1) throw new CliError('ferry get takes one share URL: ferry get <url> [-o dir]', 2)
    await get(positionals[0]!, values)
  },
  async ls(args) {
    const { values } = parseArgs({
      args,
      options: { ...serverOption, json: { type: 'boolean' }, limit: { type: 'string' } },
    })
    await listTransfers(values)
  },
  async rm(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: serverOption })
    if (positionals.length > 1) throw new CliError('ferry rm takes one transfer id.', 2)
    await removeTransfer(positionals[0], values)
  },
}

/** Runs one command line; the exit code. Errors a person can act on are one line, never a stack. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(usage)
    return name === undefined ? usageExitCode : 0
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${packageJson.version}\n`)
    return 0
  }
  const command = commands[name]
  if (!command) {
    process.stderr.write(`ferry: there is no command "${name}".\n\n${usage}`)
    return usageExitCode
  }
  try {
    await command(args)
    return 0
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`ferry: ${error.message}\n`)
      return error.exitCode
    }
    // node:util parseArgs: an unknown option, a missing value.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`ferry ${name}: ${(error as Error).message}\nRun ferry --help for the options.\n`)
      return usageExitCode
    }
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOSPC' || code === 'EACCES' || code === 'EPERM' || code === 'ENOENT') {
      process.stderr.write(`ferry: ${(error as Error).message}\n`)
      return 1
    }
    // A bug, not a user error: the detail helps the report.
    process.stderr.write(`ferry: unexpected error: ${(error as Error).stack ?? String(error)}\n`)
    return 1
  }
}

process.once('SIGINT', () => {
  process.stderr.write('\nferry: interrupted. Run the same command again to resume where it stopped.\n')
  process.exit(130)
})

process.exitCode = await main(process.argv.slice(2))
