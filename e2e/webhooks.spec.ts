import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { confirmSenderViaApi } from './fixtures/sender.js'
import { expect, test } from './fixtures/test.js'
import { seedTransfer } from './fixtures/transfers.js'

// Issue 20 item 5: the profile page's webhooks, in English and Spanish: add an endpoint (a receiver
// this test starts), see its secret once, send a transfer, see the signed delivery in the log, and
// send it again under the same webhook-id.

const texts = {
  en: {
    profile: 'Your Profile',
    section: 'Webhooks',
    url: 'Endpoint URL',
    description: 'Description',
    created: 'A transfer was sent',
    add: 'Add endpoint',
    secretTitle: "Your endpoint's signing secret",
    warning: 'It will not be shown again',
    done: 'I have copied it',
    log: 'Delivery log',
    delivered: 'Delivered',
    resend: 'Send again',
  },
  es: {
    profile: 'Tu perfil',
    section: 'Webhooks',
    url: 'URL del endpoint',
    description: 'Descripción',
    created: 'Se envió una transferencia',
    add: 'Añadir endpoint',
    secretTitle: 'El secreto de firma de tu endpoint',
    warning: 'No se volverá a mostrar',
    done: 'Ya lo he copiado',
    log: 'Registro de entregas',
    delivered: 'Entregada',
    resend: 'Enviar de nuevo',
  },
} as const

/** A receiver on 127.0.0.1 that answers 200 and keeps what it got. */
async function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/ferry`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

for (const [language, t] of Object.entries(texts)) {
  test(`${language}: a webhook endpoint is added, its delivery shows in the log and is sent again`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const receiver = await startReceiver()
    try {
      const login = await registerViaApi(request, newAccount(`hooks-${language}`))
      await storeLogin(page, login)
      await page.goto(`/profile?lng=${language}`)
      await expect(page.getByRole('heading', { name: t.profile })).toBeVisible({ timeout: 15_000 })
      const section = page.getByTestId('webhooks')
      await expect(section.getByRole('heading', { name: t.section })).toBeVisible()

      await section.getByLabel(t.url).fill(receiver.url)
      await section.getByLabel(t.description).fill('Archive')
      await expect(section.getByRole('checkbox', { name: t.created })).toBeChecked()
      await section.getByRole('button', { name: t.add }).click()

      const shown = page.getByRole('dialog', { name: t.secretTitle })
      await expect(shown).toBeVisible()
      await expect(shown.getByTestId('webhook-secret-warning')).toContainText(t.warning)
      const secret = await shown.getByTestId('webhook-secret-value').inputValue()
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
      await shown.getByRole('button', { name: t.done }).click()
      await expect(shown).toBeHidden()
      const endpoint = section.getByTestId('webhook-endpoint')
      await expect(endpoint.getByTestId('webhook-endpoint-url')).toHaveText(receiver.url)

      // Something happens: a transfer is sent. The instance's job worker delivers it.
      await confirmSenderViaApi(request, login)
      const transfer = await seedTransfer(request, login.access_token, {
        title: 'Hooked',
        recipients: ['someone@e2e.ferry.test'],
        files: [{ name: 'a.txt', body: 'hello' }],
      })
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1)
      const first = receiver.received[0]!
      expect(JSON.parse(first.body)).toMatchObject({ type: 'transfer.created', data: { id: transfer.id } })
      expect(first.headers['webhook-signature']).toMatch(/^v1,/)

      await endpoint.getByRole('button', { name: t.log }).click()
      const attempt = endpoint.getByTestId('webhook-attempt')
      await expect(attempt).toHaveCount(1, { timeout: 15_000 })
      await expect(attempt.getByTestId('webhook-attempt-event')).toHaveText('transfer.created')
      await expect(attempt.getByTestId('webhook-attempt-status')).toHaveText('200')
      await expect(attempt.getByTestId('webhook-attempt-state')).toHaveText(t.delivered)

      await attempt.getByRole('button', { name: t.resend }).click()
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2)
      expect(receiver.received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id'])
      // The log refreshes itself: the second try shows, newest first.
      await expect(endpoint.getByTestId('webhook-attempt')).toHaveCount(2, { timeout: 15_000 })
      await expect(endpoint.getByTestId('webhook-attempt-number').first()).toHaveText('2')
    } finally {
      await receiver.close()
    }
  })
}
