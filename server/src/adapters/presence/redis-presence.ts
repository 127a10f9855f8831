import { Redis } from 'ioredis'
import { countMembers, entryName, type Presence } from './presence.js'

export interface RedisPresenceOptions {
  url: string
  /** Prepended to every key, so deployments (and test runs) can share one Redis. */
  keyPrefix?: string
}

/**
 * Presence shared by every instance through Redis: a sorted set per group, each entry scored by
 * the time it lapses. Reads drop lapsed entries first; a group's key lapses with its last entry.
 */
export function createRedisPresence(options: RedisPresenceOptions): Presence {
  const prefix = `${options.keyPrefix ?? 'ferry:'}presence:`
  const redis = new Redis(options.url, { connectionName: 'ferry-presence', maxRetriesPerRequest: 2 })
  // ioredis logs unhandled 'error' events loudly; failed calls reject on their own.
  redis.on('error', () => {})

  return {
    kind: 'redis',
    async touch(groups, member, socket, ttlMs) {
      const expiresAt = Date.now() + ttlMs
      const batch = redis.multi()
      // The key lapses after its longest-lived entry, never sooner: a short touch (a closed
      // socket's grace) must not cut the life of the others' entries. NX sets the first expiry,
      // GT only lengthens it (Redis 7).
      const keyTtlMs = Math.ceil(ttlMs * 2)
      for (const group of groups) {
        batch.zadd(prefix + group, expiresAt, entryName(member, socket))
        batch.pexpire(prefix + group, keyTtlMs, 'NX')
        batch.pexpire(prefix + group, keyTtlMs, 'GT')
      }
      await batch.exec()
    },
    async remove(groups, member, socket) {
      const batch = redis.multi()
      for (const group of groups) batch.zrem(prefix + group, entryName(member, socket))
      await batch.exec()
    },
    async members(group) {
      const key = prefix + group
      const [, live] = (await redis.multi().zremrangebyscore(key, '-inf', Date.now()).zrange(key, 0, -1).exec()) as [
        [Error | null, number],
        [Error | null, string[]],
      ]
      if (live[0]) throw live[0]
      return countMembers(live[1])
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
