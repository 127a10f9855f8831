/** One page a viewer looked at, and for how long it was on screen (POST …/pages/{n}/seen). */
export interface PageSeen {
  viewId: string
  page: number
  durationMs: number
}

interface Showing {
  viewId: string
  page: number
  /** When the page came (back) on screen; null while the tab is hidden. */
  visibleSince: number | null
  /** Time on screen before the latest hide. */
  earlierMs: number
}

/**
 * How long each page of a data-room view is on screen (issue 19 item 3): the clock runs while a
 * page is shown and the tab is visible, pauses while it is hidden, and a page's time is given
 * back once the viewer leaves it (another page, the viewer closed, the tab going away). Times are
 * passed in (`performance.now()`), so this is pure and testable.
 */
export class PageDwell {
  private showing: Showing | null = null

  /** A page is on screen from `now`; the one shown before it, if another, is finished and returned. */
  show(viewId: string, page: number, now: number): PageSeen | null {
    if (this.showing?.viewId === viewId && this.showing.page === page) return null
    const finished = this.finish(now)
    this.showing = { viewId, page, visibleSince: now, earlierMs: 0 }
    return finished
  }

  /** The tab was hidden: the page's clock stops (the page stays the current one). */
  pause(now: number): void {
    const showing = this.showing
    if (!showing || showing.visibleSince === null) return
    showing.earlierMs += Math.max(0, now - showing.visibleSince)
    showing.visibleSince = null
  }

  /** The tab is visible again: the page's clock goes on. */
  resume(now: number): void {
    if (this.showing && this.showing.visibleSince === null) this.showing.visibleSince = now
  }

  /** The viewer left the page: its time so far, and nothing is shown any more. */
  finish(now: number): PageSeen | null {
    const showing = this.showing
    if (!showing) return null
    this.showing = null
    const running = showing.visibleSince === null ? 0 : Math.max(0, now - showing.visibleSince)
    return { viewId: showing.viewId, page: showing.page, durationMs: Math.round(showing.earlierMs + running) }
  }
}
