import type { SetPasswordInfo } from '@ferry/contracts/api/admin'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { loadOrCreateSecret } from '../../secrets/secrets.js'
import type { AuthService } from '../auth/auth.service.js'
import type { UserRow } from '../users/users.types.js'
import { createAdminUsersRepository } from './admin-users.repository.js'
import { accountFingerprint, createSetPasswordTokens, type SetPasswordTokens } from './set-password-tokens.js'

type LinkDeps = Pick<Deps, 'config' | 'clock' | 'database'>

const invalidLink = () => new AppError('set_password_link_invalid', 400)

/** The web page an emailed link opens. */
export const setPasswordPagePath = '/set-password'

/** One-time, expiring set-password links for accounts an admin created (product.md §4). */
export function createSetPasswordLinks(deps: LinkDeps, auth: Pick<AuthService, 'hashNewPassword'>) {
  const { database, clock, config } = deps
  const repo = createAdminUsersRepository(database.db)
  let tokens: Promise<SetPasswordTokens> | undefined
  const getTokens = () => {
    tokens ??= loadOrCreateSecret(database.db, 'set-password')
      .then((secret) => createSetPasswordTokens({ secret, clock }))
      .catch((error) => {
        tokens = undefined // a database hiccup must not stick
        throw error
      })
    return tokens
  }

  /** The account a token still opens: the fingerprint must match the account as it is now. */
  async function accountOf(token: string): Promise<UserRow> {
    const claims = await (await getTokens()).read(token)
    if (!claims) throw invalidLink()
    const row = await repo.findById(claims.userId)
    if (!row || accountFingerprint(row) !== claims.fingerprint) throw invalidLink()
    return row
  }

  return {
    /** Loads the signing secret, so issuing after an account is created cannot fail on it. */
    async ready(): Promise<void> {
      await getTokens()
    },

    async issue(account: UserRow, lifetimeSeconds: number): Promise<{ url: string; expiresAt: Date }> {
      const { token, expiresAt } = await (await getTokens()).issue(
        account.id,
        accountFingerprint(account),
        lifetimeSeconds,
      )
      // In the fragment: browsers never send it, so the token stays out of server and proxy logs.
      return { url: `${config.publicUrl}${setPasswordPagePath}#token=${encodeURIComponent(token)}`, expiresAt }
    },

    /** Whom the link is for, so the page can greet them; 400 when it no longer works. */
    async info(token: string): Promise<SetPasswordInfo> {
      const row = await accountOf(token)
      return { email: row.email, name: row.name }
    },

    /** Sets the password once: the update only applies while the account still matches the link. */
    async setPassword(token: string, password: string): Promise<{ message: string; email: string; userId: string }> {
      const row = await accountOf(token)
      const hash = await auth.hashNewPassword(password, row)
      if (!(await repo.setPasswordHash(row, hash))) throw invalidLink()
      return { message: 'Your password is set and you are signed in.', email: row.email, userId: row.id }
    },
  }
}

export type SetPasswordLinks = ReturnType<typeof createSetPasswordLinks>
