import type { ShareFile } from '@ferry/contracts/api/transfers'
import { expect } from 'vitest'
import { appJobHandlers } from '../../../../app.js'
import { type JobHandler, type JobWorker, startJobWorker } from '../../../../jobs/job-worker.js'
import type { TestApp } from '../../../../testing/test-app.js'
import { postTransfer, type Sender, share, uploadFiles } from '../../testing/transfers-test-kit.js'

const quiet = { info() {}, error() {} }

/**
 * Runs queued jobs as an instance's worker would, until none is due (one worker per suite,
 * stopped by `stop` in afterEach). `handlers` replaces the app's (a derivatives job with other limits).
 */
export function jobRunner() {
  let worker: JobWorker | undefined
  return {
    async run(app: TestApp, handlers?: JobHandler[]) {
      worker ??= startJobWorker(
        { queue: app.services.jobQueue, clock: app.deps.clock, logger: quiet },
        handlers ?? appJobHandlers(app.deps, app.services),
      )
      await worker.drain()
    },
    async stop() {
      await worker?.stop()
      worker = undefined
    },
  }
}

/** Uploads the files and sends them as one transfer; its ids. */
export async function sendFiles(
  app: TestApp,
  sender: Sender,
  files: { name: string; body: Buffer; type?: string }[],
  extra: Record<string, unknown> = {},
) {
  const records = await uploadFiles(app, sender, files)
  const res = await postTransfer(app, sender.token, {
    files: records,
    recipient_emails: ['rita@example.com'],
    title: 'Look first',
    ...extra,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { id: res.body.id as string, uniqueId: res.body.unique_id as string }
}

/** The files of a transfer as its share page sees them. */
export async function shareFiles(app: TestApp, uniqueId: string) {
  const res = await share(app, uniqueId)
  expect(res.status).toBe(200)
  return res.body.transfer.files as ShareFile[]
}

/** A GET over real HTTP, with headers. */
export const getPath = (app: TestApp, path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { headers })
