import { countMembers, entryName, memberOf, type Presence } from './presence.js'

/** Presence of one instance (no Redis): what a single server needs. */
export function createInMemoryPresence(now: () => number = Date.now): Presence {
  const groups = new Map<string, Map<string, number>>()

  function live(group: string): Map<string, number> {
    const entries = groups.get(group) ?? new Map<string, number>()
    const at = now()
    for (const [entry, expiresAt] of entries) if (expiresAt <= at) entries.delete(entry)
    if (entries.size === 0) groups.delete(group)
    return entries
  }

  function touch(names: readonly string[], member: string, socket: string, ttlMs: number) {
    for (const group of names) {
      const entries = live(group)
      entries.set(entryName(member, socket), now() + ttlMs)
      groups.set(group, entries)
    }
  }

  return {
    kind: 'in-memory',
    async touch(names, member, socket, ttlMs) {
      touch(names, member, socket, ttlMs)
    },
    // No await between the count and the touch: one step for every caller of this process.
    async claim(caps, names, member, socket, ttlMs) {
      const full = caps.findIndex(({ group, max, of }) => {
        const entries = [...live(group).keys()]
        return (of === 'all' ? entries.length : entries.filter((e) => memberOf(e) === member).length) >= max
      })
      if (full === -1) touch(names, member, socket, ttlMs)
      return full
    },
    async remove(names, member, socket) {
      for (const group of names) {
        const entries = live(group)
        entries.delete(entryName(member, socket))
        if (entries.size === 0) groups.delete(group)
      }
    },
    async members(group) {
      return countMembers(live(group).keys())
    },
    async close() {
      groups.clear()
    },
  }
}
