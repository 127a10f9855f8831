import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { type LoginResult, loginViaApi, storeLogin, type TestAccount } from './fixtures/auth.js'
import { confirmSenderViaApi } from './fixtures/sender.js'
import { expect, test } from './fixtures/test.js'
import { seedTransfer } from './fixtures/transfers.js'

// Issue 19: the job queue in the admin console. A PDF that pdftoppm cannot read makes its
// derivatives job fail for good at once; the admin finds it under Jobs, reads the error and retries.

/** The ids of the file-derivatives jobs in `state` (the newest page). */
async function derivativeJobs(request: APIRequestContext, token: string, state?: 'dead'): Promise<string[]> {
  const res = await request.get(`/api/admin/jobs?kind=file-derivatives${state ? `&state=${state}` : ''}&limit=100`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { items: { id: string }[] }).items.map((job) => job.id)
}

/**
 * A transfer whose one file is a corrupt PDF; the id of its derivatives job once it is dead. The
 * test works on that job alone: the other language's run, on the same server, retries its own.
 */
async function seedBrokenPdf(request: APIRequestContext, admin: TestAccount & { login: LoginResult }) {
  const token = admin.login.access_token
  await confirmSenderViaApi(request, admin.login)
  const earlier = new Set(await derivativeJobs(request, token))
  await seedTransfer(request, token, {
    title: `Broken PDF ${randomUUID().slice(0, 6)}`,
    recipients: ['someone@e2e.ferry.test'],
    files: [{ name: 'broken.pdf', body: `%PDF-1.7\n${'x'.repeat(2000)}\n%%EOF\n` }],
  })
  // The server's worker takes it within seconds and gives it up after the one try.
  let ours: string | undefined
  await expect
    .poll(
      async () => {
        ours = (await derivativeJobs(request, token, 'dead')).find((id) => !earlier.has(id))
        return ours
      },
      { timeout: 30_000 },
    )
    .toBeDefined()
  return ours!
}

// The two languages' runs one after the other: run side by side, one could take the job the
// other seeded (it dies between the other's "earlier" snapshot and its own poll) and then see
// the other retry it away from the failed list.
test.describe.configure({ mode: 'serial' })

async function openJobs(page: Page, request: APIRequestContext, admin: TestAccount, lng: 'en' | 'es') {
  await storeLogin(page, await loginViaApi(request, admin.email, admin.password))
  await page.goto(`/admin?tab=jobs&lng=${lng}`)
}

for (const lng of ['en', 'es'] as const) {
  const text = {
    en: { heading: 'Job queue', failed: 'Failed', retry: 'Retry', tries: '1 of 5' },
    es: { heading: 'Cola de tareas', failed: 'Fallida', retry: 'Reintentar', tries: '1 de 5' },
  }[lng]

  test(`an admin finds a failed preview job with its error and retries it (${lng})`, async ({
    page,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(60_000)
    const jobId = await seedBrokenPdf(request, workerAdmin)
    await openJobs(page, request, workerAdmin, lng)
    await expect(page.getByRole('heading', { name: text.heading })).toBeVisible({ timeout: 15_000 })

    // Only failed jobs: the worker gives the broken PDF's job up after its first try.
    await page.getByTestId('jobs-state-filter').click()
    await page.getByRole('option', { name: text.failed }).click()
    const row = page.locator(`[data-testid="job-row"][data-job-id="${jobId}"][data-state="dead"]`)
    await expect(row).toContainText('pdftoppm')
    await expect(row).toContainText(text.tries)
    await expect(row.getByTestId('job-state')).toHaveText(text.failed)
    await expect(page.getByTestId('jobs-dead-count')).not.toBeEmpty()

    const retried = page.waitForResponse((r) => /\/api\/admin\/jobs\/[^/]+\/retry$/.test(r.url()))
    await row.getByRole('button', { name: text.retry }).click()
    expect((await retried).status()).toBe(200)
  })
}
