/**
 * `npm run admin -- promote <email>` and `npm run admin -- create <email> <password> [name]`,
 * against the database the server is configured with (same environment variables).
 */
import { pino } from 'pino'
import { systemClock } from '../clock.js'
import { ConfigError, loadConfig } from '../config.js'
import { openDatabase } from '../db/open-database.js'
import { createAuthService } from '../features/auth/auth.service.js'
import { createUsersService } from '../features/users/users.service.js'
import { runAdminCommand } from './admin-command.js'

/** The command creates and promotes accounts; it never signs anyone in. */
const noSignIn = {
  pass: async () => {
    throw new Error('The admin command does not sign in')
  },
  isOn: async () => true,
}

async function main(): Promise<number> {
  const config = loadConfig()
  const logger = pino({ level: 'warn' })
  const database = await openDatabase(config.database, { logger })
  try {
    // The command needs sign-in and accounts only: its own small composition, not the server's.
    const deps = { config, database, logger, clock: systemClock }
    const auth = await createAuthService(deps, createUsersService(deps), noSignIn)
    return await runAdminCommand(process.argv.slice(2), auth, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    })
  } finally {
    await database.close()
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error)
    process.exitCode = 1
  },
)
