import { emailField, nameField, newPasswordField } from '@ferry/contracts/api/auth'
import { AppError } from '../errors.js'
import type { AuthService } from '../features/auth/auth.service.js'

export const adminUsage = `Usage:
  npm run admin -- promote <email>                    make an existing account ADMIN
  npm run admin -- create <email> <password> [name]   create an ADMIN account (or promote it and set its password)

Uses the database the server is configured with (DATABASE_URL, or the PGlite folder in DATA_DIR;
stop the server first when it uses PGlite).`

export interface CommandOutput {
  out(line: string): void
  err(line: string): void
}

/** The admin command (product.md §10); returns the exit code. */
export async function runAdminCommand(
  args: readonly string[],
  auth: Pick<AuthService, 'promote' | 'upsertAdmin'>,
  output: CommandOutput,
): Promise<number> {
  const [command, ...rest] = args
  if (command === 'promote' && rest.length === 1) {
    const email = emailField.safeParse(rest[0])
    if (!email.success) return invalid(output, email.error.issues[0]?.message)
    const user = await auth.promote(email.data)
    if (!user) {
      output.err(
        `No account has the email ${email.data}. Create one with: npm run admin -- create ${email.data} <password>`,
      )
      return 1
    }
    output.out(`${user.email} is now ADMIN.`)
    return 0
  }
  if (command === 'create' && (rest.length === 2 || rest.length === 3)) {
    const email = emailField.safeParse(rest[0])
    if (!email.success) return invalid(output, email.error.issues[0]?.message)
    const password = newPasswordField.safeParse(rest[1])
    if (!password.success) return invalid(output, password.error.issues[0]?.message)
    const name = rest[2] === undefined ? undefined : nameField.safeParse(rest[2])
    if (name && !name.success) return invalid(output, name.error.issues[0]?.message)
    const admin = await auth.upsertAdmin(email.data, password.data, name?.data).catch((error) => {
      if (error instanceof AppError) return error
      throw error
    })
    if (admin instanceof AppError) return invalid(output, admin.detail)
    output.out(
      admin.created
        ? `Created the ADMIN account ${admin.email}.`
        : `${admin.email} already existed: it is now ADMIN and its password was set.`,
    )
    return 0
  }
  output.err(adminUsage)
  return 2
}

function invalid(output: CommandOutput, message = 'Invalid input.') {
  output.err(message)
  return 2
}
