/** Where a key press moves in a data-room file's pages (null: the key is not the viewer's). */
export type PageMove = 'next' | 'previous' | 'first' | 'last'

const moves: Record<string, PageMove> = {
  ArrowRight: 'next',
  ArrowDown: 'next',
  PageDown: 'next',
  ' ': 'next',
  ArrowLeft: 'previous',
  ArrowUp: 'previous',
  PageUp: 'previous',
  Home: 'first',
  End: 'last',
}

export function pageMoveForKey(key: string): PageMove | null {
  return moves[key] ?? null
}

/** The page a move leads to, within 1…count. */
export function movePage(page: number, move: PageMove, count: number): number {
  const target = move === 'next' ? page + 1 : move === 'previous' ? page - 1 : move === 'first' ? 1 : count
  return Math.min(Math.max(1, count), Math.max(1, target))
}
