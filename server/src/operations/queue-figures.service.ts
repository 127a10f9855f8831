import type { Deps } from '../deps.js'
import { type QueueFigures, readQueueFigures } from './queue-ages.repository.js'

/** The sweepers' queues as /metrics reports them, read from the database at scrape time. */
export function createQueueFiguresService(deps: Pick<Deps, 'database'>) {
  return {
    read(): Promise<QueueFigures> {
      return readQueueFigures(deps.database.db)
    },
  }
}

export type QueueFiguresService = ReturnType<typeof createQueueFiguresService>
