/** What purging one item in a sweep came to: 'skipped' when it was not due or another instance took it. */
export type PurgeOutcome = 'purged' | 'skipped' | 'failed'

/**
 * Purges what `listPage` lists, page after page, until a page holds nothing new. Each item is
 * tried once per sweep: one that stays listed (skipped or failed) waits for the next sweep
 * instead of keeping the loop going.
 */
export async function sweepInPages(
  listPage: () => Promise<readonly { id: string }[]>,
  purge: (id: string) => Promise<PurgeOutcome>,
): Promise<{ purged: number; failed: number }> {
  let purged = 0
  let failed = 0
  const tried = new Set<string>()
  for (;;) {
    const page = (await listPage()).filter((row) => !tried.has(row.id))
    if (page.length === 0) break
    for (const row of page) {
      tried.add(row.id)
      const outcome = await purge(row.id)
      if (outcome === 'purged') purged++
      if (outcome === 'failed') failed++
    }
  }
  return { purged, failed }
}
