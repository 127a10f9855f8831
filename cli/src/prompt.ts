import { createInterface } from 'node:readline'
import { CliError } from './errors.js'

/** Whether a person is at the keyboard: prompts are only shown then. */
export const interactive = () => Boolean(process.stdin.isTTY && process.stderr.isTTY)

/**
 * Asks on stderr (stdout stays for results) and reads one line from stdin. With `secret` the typed
 * characters are not echoed. Without a terminal the line is read from piped stdin
 * (`echo "$KEY" | ferry login`); with nothing to read, `whatNeeded` says which flag to use instead.
 */
export async function ask(question: string, options: { secret?: boolean; whatNeeded: string }): Promise<string> {
  if (!process.stdin.isTTY && process.stdin.readableEnded) throw new CliError(options.whatNeeded, 2)
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: Boolean(process.stdin.isTTY) })
  if (options.secret && process.stdin.isTTY) {
    // readline echoes through _writeToOutput; write only the question and the final newline.
    const internal = rl as unknown as { _writeToOutput(text: string): void }
    internal._writeToOutput = (text: string) => {
      if (text === question || text.endsWith('\n') || text.endsWith('\r\n')) process.stderr.write(text)
    }
  }
  try {
    const answer = await new Promise<string | undefined>((resolve) => {
      rl.once('close', () => resolve(undefined))
      rl.question(question, resolve)
    })
    if (answer === undefined) throw new CliError(options.whatNeeded, 2)
    return answer.trim()
  } finally {
    rl.close()
  }
}
