/**
 * What the CLI tells a person when something goes wrong: one clear line and an exit code, never a
 * stack trace. `CliError` is for anything the user can fix (bad arguments, a refused key, a limit);
 * anything else is a bug and main.ts prints it in full.
 */
export class CliError extends Error {
  constructor(
    message: string,
    /** 1: a refusal or failure; 2: the command line itself is wrong (as most Unix tools). */
    readonly exitCode = 1,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

/** Exit code for a command line that cannot be run as written. */
export const usageExitCode = 2

/** An error answer of the Ferry API (`{detail, code}`), kept whole for callers that act on the code. */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly detail: string,
    readonly body: unknown = undefined,
  ) {
    super(apiErrorMessage(status, code, detail))
    this.name = 'ApiError'
  }
}

/**
 * The sentence for an API refusal: the server's own `detail` (its messages are written for people,
 * contracts/src/errors.ts), plus what to do next where the code says it.
 */
export function apiErrorMessage(status: number, code: string | undefined, detail: string): string {
  const text = detail.trim() || `The server answered ${status}.`
  switch (code) {
    case 'plan_feature_missing':
      return `${text} Your plan does not include this; upgrade it on the web to use it.`
    case 'scope_missing':
      return `${text} Make a key with the needed scope on your profile page, then run \`ferry login\` again.`
    case 'sender_confirmation_required':
      return `${text} Run \`ferry login\` to confirm the code emailed to you.`
    case 'api_key_not_allowed':
      return `${text} API keys cannot use this part of Ferry.`
  }
  if (status === 401 && !isTransferLock(code)) {
    return `${text} Your key is missing, revoked or wrong: run \`ferry login\`.`
  }
  if (status === 413) return `${text} The files are over what your plan or the server allows.`
  if (status === 429) return `${text} Too many tries; wait a moment and try again.`
  if (status === 0) return text
  return text
}

/** 401 codes of a transfer's own lock (its password, its recipients), not of the caller's key. */
export function isTransferLock(code: string | undefined): boolean {
  return (
    code === 'password_required' ||
    code === 'password_incorrect' ||
    code === 'verification_required' ||
    code === 'verification_code_incorrect'
  )
}
