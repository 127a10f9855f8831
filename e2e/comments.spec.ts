import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { mailTo, seedTransfer, shareLinkIn } from './fixtures/transfers.js'

// Issue 19 item 2: review comments between a recipient (their personal link) and the sender (the
// transfer's page), each in a browser context of their own: a comment anchored to a PDF page and
// one to a video time appear on the other side without a reload, as do a reply, a verdict and a
// resolve, in English and in Spanish.

const expect = baseExpect.configure({ timeout: 15_000 })

const words = {
  en: {
    openFor: (name: string) => `Comments on ${name}`,
    newComment: 'New comment',
    attach: 'Attach to',
    aPage: 'A page',
    aTime: 'A time',
    page: 'Page',
    time: 'Time (m:ss)',
    post: 'Post comment',
    pageTag: (n: number) => `Page ${n}`,
    file: 'File',
    reply: 'Reply',
    sendReply: 'Send reply',
    approve: 'Approve',
    approved: (who: string) => `${who}: Approved`,
    resolve: 'Resolve',
    resolvedOne: '1 resolved thread',
    exportCsv: 'Export comments (CSV)',
  },
  es: {
    openFor: (name: string) => `Comentarios sobre ${name}`,
    newComment: 'Comentario nuevo',
    attach: 'Asociar a',
    aPage: 'Una página',
    aTime: 'Un momento',
    page: 'Página',
    time: 'Momento (m:ss)',
    post: 'Publicar el comentario',
    pageTag: (n: number) => `Página ${n}`,
    file: 'Archivo',
    reply: 'Responder',
    sendReply: 'Enviar la respuesta',
    approve: 'Aprobar',
    approved: (who: string) => `${who}: Aprobado`,
    resolve: 'Resolver',
    resolvedOne: '1 hilo resuelto',
    exportCsv: 'Exportar los comentarios (CSV)',
  },
} as const

type Words = (typeof words)[keyof typeof words]

/** Writes a new comment in the open panel, attached to a page or a time typed in. */
async function comment(page: Page, w: Words, text: string, anchor: { page: number } | { time: string }) {
  const panel = page.getByTestId('comments-panel')
  await panel.getByRole('textbox', { name: w.newComment }).fill(text)
  await panel.getByRole('combobox', { name: w.attach }).click()
  await page.getByRole('option', { name: 'page' in anchor ? w.aPage : w.aTime }).click()
  if ('page' in anchor) await panel.getByRole('textbox', { name: w.page }).fill(String(anchor.page))
  else await panel.getByRole('textbox', { name: w.time }).fill(anchor.time)
  await panel.getByRole('button', { name: w.post }).click()
  await expect(panel.getByTestId('comment-text').filter({ hasText: text })).toBeVisible()
}

/**
 * Opens a file's comments on the share page: beside the viewer for a file with a preview (its
 * gallery tile), else from the file list.
 */
async function openComments(page: Page, w: Words, name: string) {
  await page.keyboard.press('Escape')
  const file = page.locator(`[data-testid="share-file"][data-file-name="${name}"]`)
  await expect(file).toBeVisible()
  const tile = file.getByTestId('gallery-open')
  if ((await tile.count()) > 0) await tile.click()
  else await file.getByRole('button', { name: w.openFor(name) }).click()
  await expect(page.getByTestId('comments-panel')).toBeVisible()
}

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: a recipient's comments on a PDF page and a video time reach the sender live, and the sender's reply, verdict and resolve reach the recipient`, async ({
    page,
    browser,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(120_000)
    const recipient = `rev-${randomUUID().slice(0, 8)}@e2e.ferry.test`
    // A sender on Business (document_comments), granted by the admin as a paid plan would be.
    const sender = await registerViaApi(request)
    const granted = await request.post('/api/billing/subscriptions', {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${workerAdmin.login.access_token}` },
      data: { user_id: sender.user.id, plan_id: 'business' },
    })
    expect(granted.ok(), await granted.text()).toBe(true)
    const transfer = await seedTransfer(request, sender.access_token, {
      title: `Cut ${lang}`,
      recipients: [recipient],
      files: [
        { name: 'contract.pdf', body: '%PDF-1.4 a contract' },
        { name: 'teaser.mp4', body: 'a video' },
      ],
    })

    // The sender keeps the transfer's page open; the recipient opens their personal link elsewhere.
    await storeLogin(page, sender)
    await page.goto(withLang(`/transfers/${transfer.id}`))
    const senderPanel = page.getByTestId('comments-panel')
    await expect(page.getByRole('link', { name: w.exportCsv })).toBeVisible()
    await expect(senderPanel).toBeVisible()

    const recipientContext = await browser.newContext()
    const guest = await recipientContext.newPage()
    const link = shareLinkIn(await mailTo(recipient))
    await guest.goto(withLang(`${link.pathname}${link.search}`))
    await openComments(guest, w, 'contract.pdf')
    const guestPanel = guest.getByTestId('comments-panel')

    // A comment on page 3 of the PDF shows on the sender's page, with its page, without a reload.
    await comment(guest, w, `Clause 4 is wrong (${lang})`, { page: 3 })
    const pdfThread = senderPanel.getByTestId('comment-thread').filter({ hasText: `Clause 4 is wrong (${lang})` })
    await expect(pdfThread).toBeVisible()
    await expect(pdfThread.getByTestId('comment-anchor')).toHaveText(w.pageTag(3))

    // The sender replies; the reply reaches the recipient's open panel.
    await pdfThread.getByRole('button', { name: w.reply }).click()
    await pdfThread.getByRole('textbox', { name: w.reply }).fill('Fixed in version 2')
    await pdfThread.getByRole('button', { name: w.sendReply }).click()
    await expect(guestPanel.getByTestId('comment-text').filter({ hasText: 'Fixed in version 2' })).toBeVisible()

    // The recipient approves; the sender sees the verdict. The sender resolves; the recipient sees it folded.
    await guestPanel.getByRole('button', { name: w.approve }).click()
    await expect(senderPanel.getByTestId('comment-review')).toHaveText(w.approved(recipient))
    await pdfThread.getByRole('button', { name: w.resolve }).click()
    await expect(guestPanel.getByText(w.resolvedOne)).toBeVisible()
    await expect(guestPanel.getByTestId('comment-thread')).toHaveCount(0)

    // A comment at 1:15 of the video, seen by the sender on that file.
    await page.getByRole('combobox', { name: w.file }).click()
    await page.getByRole('option', { name: 'teaser.mp4' }).click()
    await openComments(guest, w, 'teaser.mp4')
    await comment(guest, w, 'Logo comes in too early', { time: '1:15' })
    const videoThread = senderPanel.getByTestId('comment-thread').filter({ hasText: 'Logo comes in too early' })
    await expect(videoThread).toBeVisible()
    await expect(videoThread.getByTestId('comment-anchor')).toHaveText('1:15')

    await recipientContext.close()
  })
}
