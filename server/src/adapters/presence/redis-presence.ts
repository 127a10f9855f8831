import { Redis } from 'ioredis'
import { countMembers, entryName, type Presence } from './presence.js'

export interface RedisPresenceOptions {
  url: string
  /** Prepended to every key, so deployments (and test runs) can share one Redis. */
  keyPrefix?: string
}

/**
 * claim in one step (a script runs alone on Redis): KEYS are the caps' groups, then the groups to
 * touch; ARGV now, expiresAt, the key's ttl, the entry, the member's entry prefix, the caps' count,
 * then each cap's max and `of`. Answers the first full cap's index (0-based) or -1.
 */
const claimScript = `
local now, expiresAt, keyTtl = tonumber(ARGV[1]), ARGV[2], ARGV[3]
local entry, prefix, caps = ARGV[4], ARGV[5], tonumber(ARGV[6])
for i = 1, caps do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  local max, of = tonumber(ARGV[5 + 2 * i]), ARGV[6 + 2 * i]
  local count = 0
  if of == 'all' then
    count = redis.call('ZCARD', KEYS[i])
  else
    for _, e in ipairs(redis.call('ZRANGE', KEYS[i], 0, -1)) do
      if string.sub(e, 1, #prefix) == prefix then count = count + 1 end
    end
  end
  if count >= max then return i - 1 end
end
for i = caps + 1, #KEYS do
  redis.call('ZADD', KEYS[i], expiresAt, entry)
  redis.call('PEXPIRE', KEYS[i], keyTtl, 'NX')
  redis.call('PEXPIRE', KEYS[i], keyTtl, 'GT')
end
return -1
`

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
    async claim(caps, groups, member, socket, ttlMs) {
      const keys = [...caps.map((c) => prefix + c.group), ...groups.map((g) => prefix + g)]
      const now = Date.now()
      const args = [now, now + ttlMs, Math.ceil(ttlMs * 2), entryName(member, socket), entryName(member, '')]
      const capArgs = caps.flatMap((c) => [c.max, c.of])
      return Number(await redis.eval(claimScript, keys.length, ...keys, ...args, caps.length, ...capArgs))
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
