import type { Transfer } from '@ferry/contracts/api/transfers'
import { expect } from 'vitest'
import type { TestApp } from '../../../../testing/test-app.js'
import { bearer } from '../../../auth/testing/auth-test-kit.js'
import { buyWithTestCheckout, checkoutBody } from '../../../billing/testing/billing-test-kit.js'
import { linkParts, outbox, postTransfer, type Sender, signUp, uploadFiles } from '../../testing/transfers-test-kit.js'

export const tag = () => Math.random().toString(36).slice(2, 8)

/** A sender on Enterprise, the plan with `max_document_features.clean_data_room`. */
export async function enterpriseSender(app: TestApp, name = 'Eva Enterprise'): Promise<Sender> {
  const sender = await signUp(app, 'FREE', name)
  await buyWithTestCheckout(app, sender.token, checkoutBody(sender.id, { plan_id: 'enterprise' }))
  return sender
}

export const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

export async function patchTransfer(app: TestApp, sender: Sender, id: string, body: unknown) {
  const res = await app.api(`/api/transfers/${id}`, json('PATCH', body, bearer(sender.token)))
  return { status: res.status, body: (await res.json()) as Transfer & { code?: string; detail?: string } }
}

/** A data-room transfer of these files to these recipients; its share id and each recipient's link `t`. */
export async function sendRoom(
  app: TestApp,
  sender: Sender,
  files: { name: string; body: Buffer; type?: string }[],
  recipients: string[],
  extra: Record<string, unknown> = {},
) {
  const records = await uploadFiles(app, sender, files)
  const res = await postTransfer(app, sender.token, {
    files: records,
    recipient_emails: recipients,
    title: 'Data room',
    clean_data_room: true,
    ...extra,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const mails = await outbox(app)
  const links = recipients.map((email) => {
    const mail = mails.find((m) => m.to.includes(email))!
    return linkParts(mail.links.find((l) => l.includes('/share/'))!)
  })
  return { id: res.body.id as string, uniqueId: links[0]!.uniqueId, links }
}
