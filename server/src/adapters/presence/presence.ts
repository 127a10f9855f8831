/**
 * Which sockets are open right now, across every instance: each socket keeps an entry alive in
 * some groups (its room, its client address) by touching it before its time-to-live runs out,
 * and removes it on close. An instance that dies stops touching, so its entries lapse within one
 * time-to-live. Groups and members are the caller's strings.
 */
export interface Presence {
  readonly kind: 'in-memory' | 'redis'
  /** Marks socket `socket` of `member` live in each group for `ttlMs` from now (touch again to keep it). */
  touch(groups: readonly string[], member: string, socket: string, ttlMs: number): Promise<void>
  /**
   * As touch, only if every cap has room, checked and taken in one step (two sockets racing for the
   * last place cannot both get it, on any instance): answers the index of the first cap that is
   * full, touching nothing, or -1 once the socket is live in `groups`.
   */
  claim(
    caps: readonly PresenceCap[],
    groups: readonly string[],
    member: string,
    socket: string,
    ttlMs: number,
  ): Promise<number>
  /** Removes the socket's entries (idempotent). */
  remove(groups: readonly string[], member: string, socket: string): Promise<void>
  /** The live sockets of a group, counted per member. */
  members(group: string): Promise<Map<string, number>>
  close(): Promise<void>
}

/** At most `max` live sockets in `group`: of the claiming member (`member`), or of everyone (`all`). */
export interface PresenceCap {
  group: string
  max: number
  of: 'member' | 'all'
}

/** One entry's name inside a group: member and socket ids never hold a newline. */
export const entryName = (member: string, socket: string) => `${member}\n${socket}`

/** The member of an entry name. */
export const memberOf = (entry: string) => entry.slice(0, entry.indexOf('\n'))

/** Live entries counted per member. */
export function countMembers(entries: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const entry of entries) {
    const member = memberOf(entry)
    counts.set(member, (counts.get(member) ?? 0) + 1)
  }
  return counts
}
