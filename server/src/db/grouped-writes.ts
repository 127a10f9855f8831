/**
 * Rows written in groups (group commit): the first row goes at once, rows that arrive while a
 * write runs wait for it and go together in the next one. Each caller's promise settles when its
 * own row is written, so callers see what one insert each would give them, at one round trip per
 * group: under load the database's cost per row falls as the groups grow, idle it adds no delay.
 */
export function groupedWrites<Row>(write: (rows: Row[]) => Promise<void>, options: { max: number }) {
  const waiting: { row: Row; written(): void; failed(error: unknown): void }[] = []
  let writing = false

  async function drain() {
    writing = true
    while (waiting.length > 0) {
      const group = waiting.splice(0, options.max)
      try {
        await write(group.map((w) => w.row))
        for (const w of group) w.written()
      } catch (error) {
        if (group.length === 1) group[0]!.failed(error)
        // One bad row (its transfer deleted meanwhile) must not lose the others: each alone.
        else for (const w of group) await write([w.row]).then(w.written, w.failed)
      }
    }
    writing = false
  }

  return (row: Row): Promise<void> =>
    new Promise((written, failed) => {
      waiting.push({ row, written, failed })
      if (!writing) void drain()
    })
}
