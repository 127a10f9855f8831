import { createHmac, randomBytes } from 'node:crypto'
import {
  type ApiKey,
  type ApiKeyCreateResponse,
  type ApiKeyScope,
  apiKeyPattern,
  apiKeyPrefix,
  maxApiKeysPerAccount,
} from '@ferry/contracts/api/api-keys'
import type { Deps } from '../../deps.js'
import { AppError, RateLimitedError } from '../../errors.js'
import type { ApiKeyAuthenticator, AuthSession } from '../../http/auth-guard.js'
import { cachedSecret } from '../../secrets/secrets.js'
import type { UsersService } from '../users/users.service.js'
import type { UserRecord } from '../users/users.types.js'
import { type ApiKeyRow, createApiKeysRepository } from './api-keys.repository.js'

type ApiKeysDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'rateLimiter' | 'logger'>

/** Characters of a key the list shows: `ferry_` and 4 more. */
const shownPrefixLength = apiKeyPrefix.length + 4
/** A key's last use is written at most this often (and whenever the address changes). */
const touchEveryMs = 60_000
/**
 * A key's session has no end of its own: it lasts until the key is revoked. The sender
 * confirmation of a key (issue 18 item 7, "for its lifetime") is kept until then.
 */
const keyLifetimeEnd = new Date('9999-12-31T00:00:00Z')

/** The id a key's requests carry where a session's token id goes (sender confirmation). */
export const apiKeySessionId = (keyId: string) => `api-key:${keyId}`

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
  }
}

/**
 * API keys (issue 20 item 2): `ferry_` and 256 random bits, shown once; only an HMAC-SHA256 of
 * the key (with the generated `api-key` secret) is stored, so a database leak yields no key and
 * a lookup is one indexed equality. Every request with a key reads the database, so a revoked key
 * is refused at once on every instance. Wrong keys are counted per client address by the shared
 * rate limiter, which is asked before any key is looked up. Keys never reach a log.
 */
export function createApiKeysService(deps: ApiKeysDeps, { users }: { users: Pick<UsersService, 'getById'> }) {
  const { clock, rateLimiter } = deps
  const repo = createApiKeysRepository(deps.database.db)
  const getSecret = cachedSecret(deps.database.db, 'api-key')
  const keyHash = async (key: string) =>
    createHmac('sha256', await getSecret())
      .update(key)
      .digest('hex')
  const failuresKey = (ip: string) => `api-key:fail:ip:${ip}`

  /** 429 once the address has had too many wrong keys in the window (before any key is checked). */
  async function assertNotLimited(ip: string): Promise<void> {
    const { perIp } = deps.config.authRateLimit
    try {
      const seen = await rateLimiter.peek(failuresKey(ip))
      if (seen.count >= perIp) throw new RateLimitedError(Math.max(1, seen.retryAfterSeconds))
    } catch (error) {
      if (error instanceof RateLimitedError) throw error
      deps.logger.warn({ err: error }, 'Rate limiter unavailable; API key checked')
    }
  }

  async function countFailure(ip: string): Promise<void> {
    const { perIp, windowMs } = deps.config.authRateLimit
    try {
      await rateLimiter.hit(failuresKey(ip), perIp, windowMs)
    } catch (error) {
      deps.logger.warn({ err: error }, 'Rate limiter unavailable; a wrong API key was not counted')
    }
  }

  const authenticator: ApiKeyAuthenticator = {
    isKey: (token) => token.startsWith(apiKeyPrefix),

    async authenticate(token, clientIp): Promise<AuthSession | undefined> {
      await assertNotLimited(clientIp)
      const row = apiKeyPattern.test(token) ? await repo.findByHash(await keyHash(token)) : undefined
      const user = row && (await users.getById(row.userId))
      if (!row || !user) {
        await countFailure(clientIp)
        return undefined
      }
      const now = clock.now()
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= touchEveryMs || row.lastUsedIp !== clientIp) {
        await repo.touch(row.id, now, clientIp)
      }
      return {
        user,
        jti: apiKeySessionId(row.id),
        expiresAt: keyLifetimeEnd,
        apiKey: { id: row.id, scopes: row.scopes as ApiKeyScope[] },
      }
    },
  }

  return {
    authenticator,

    /** POST /api/keys: the key itself is in this answer only. */
    async create(user: UserRecord, input: { name: string; scopes: ApiKeyScope[] }): Promise<ApiKeyCreateResponse> {
      if ((await repo.countOf(user.id)) >= maxApiKeysPerAccount) throw new AppError('api_keys_too_many', 409)
      const key = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`
      const row = await repo.insert({
        userId: user.id,
        name: input.name,
        prefix: key.slice(0, shownPrefixLength),
        keyHash: await keyHash(key),
        scopes: [...input.scopes],
        createdAt: clock.now(),
      })
      return { id: row.id, key }
    },

    /** GET /api/keys */
    async list(user: UserRecord): Promise<{ keys: ApiKey[] }> {
      return { keys: (await repo.listOf(user.id)).map(toApiKey) }
    },

    /** DELETE /api/keys/{id}: the row goes, so every instance's next lookup of the key finds nothing. */
    async revoke(user: UserRecord, id: string): Promise<void> {
      if (!(await repo.delete(user.id, id))) throw new AppError('api_key_not_found', 404)
    },
  }
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>
