import path from 'node:path'
import type { InvitableRole, Organization } from '@ferry/contracts/api/organizations'
import { expect } from 'vitest'
import { startJobWorker } from '../../../jobs/job-worker.js'
import { readOutbox } from '../../../testing/mail-reader.js'
import type { TestApp } from '../../../testing/test-app.js'
import { buyWithTestCheckout, checkoutBody, post } from '../../billing/testing/billing-test-kit.js'
import { type Sender, signUp } from '../../transfers/testing/transfers-test-kit.js'
import { seatsHandler } from '../seats.js'

export interface TestOrganization {
  id: string
  owner: Sender
  /** The members besides the owner, in the order of `roles`. */
  members: (Sender & { role: InvitableRole })[]
}

/**
 * Makes an organization for other features' tests: an owner on `plan` (Business or Enterprise),
 * who pays through the built-in test checkout (monthly) or is given the plan by an admin
 * (`billing: 'complimentary'`), and one member per entry of `roles`, added directly (what an
 * accepted invitation does). Run the seats jobs with `settleSeats` when the quantity matters.
 */
export async function createTestOrganization(
  app: TestApp,
  options: {
    plan?: 'business' | 'enterprise'
    roles?: InvitableRole[]
    billing?: 'test' | 'complimentary'
    name?: string
  } = {},
): Promise<TestOrganization> {
  const plan = options.plan ?? 'business'
  const owner = await signUp(app, 'FREE', 'Olga Owner')
  if (options.billing === 'complimentary') {
    const admin = await signUp(app, 'ADMIN', 'Ada Admin')
    const given = await post(app, '/api/billing/subscriptions', { user_id: owner.id, plan_id: plan }, admin.token)
    expect(given.status, JSON.stringify(given.body)).toBe(201)
  } else {
    await buyWithTestCheckout(app, owner.token, checkoutBody(owner.id, { plan_id: plan, interval: 'monthly' }))
  }
  const created = await post<Organization>(app, '/api/organizations', { name: options.name ?? 'Acme' }, owner.token)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const members: TestOrganization['members'] = []
  for (const [i, role] of (options.roles ?? []).entries()) {
    const member = await signUp(app, 'FREE', `Member ${i + 1}`)
    await app.services.organizations.addMember(created.body.id, member.id, role)
    members.push({ ...member, role })
  }
  return { id: created.body.id, owner, members }
}

const quiet = { info() {}, error() {} }

/** Runs the due seats jobs as an instance's worker would, until none is due (the quantity is billed). */
export async function settleSeats(app: TestApp): Promise<void> {
  const worker = startJobWorker({ queue: app.services.jobQueue, clock: app.deps.clock, logger: quiet }, [
    seatsHandler(app.deps),
  ])
  try {
    await worker.drain()
  } finally {
    await worker.stop()
  }
}

/** Invites `email` through the API with `token` (owner or admin); the emailed token from the outbox. */
export async function inviteByEmail(
  app: TestApp,
  organizationId: string,
  token: string,
  email: string,
  role: InvitableRole = 'member',
): Promise<string> {
  const res = await post(app, `/api/organizations/${organizationId}/invitations`, { email, role }, token)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const mail = (await readOutbox(path.join(app.dataDir, 'mail')))
    .filter((m) => m.to.includes(email) && m.links.some((l) => l.includes('/organization/join#token=')))
    .at(-1)
  if (!mail) throw new Error(`No invitation email to ${email} in the outbox`)
  const link = mail.links.find((l) => l.includes('/organization/join#token='))!
  return decodeURIComponent(/#token=([^&\s]+)/.exec(link)![1]!)
}
