import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { loginViaApi, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { confirmSenderInDialog } from './fixtures/sender.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import {
  addFiles,
  mailTo,
  recordDialogs,
  sha256OfDownload,
  shareLinkIn,
  throttleUploads,
  zipEntryHashes,
} from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Pages load lazily, with their translations: on a busy machine the first paint can take a while.
const expect = baseExpect.configure({ timeout: 15_000 })

const KiB = 1024
const MiB = 1024 * 1024
const xssTitle = '<script>window.__ferryXss = 1; alert("xss")</script> Holiday photos'

const shareFile = (page: Page, name: string) => page.locator(`[data-testid="share-file"][data-file-name="${name}"]`)
const trackedRecipient = (page: Page, email: string) =>
  page.locator(`[data-testid="tracked-recipient"][data-email="${email}"]`)
const progressValue = async (page: Page) =>
  Number(
    await page.getByTestId('send-progress').getByRole('progressbar').getAttribute('aria-valuenow', { timeout: 2000 }),
  )

test('a paid sender sends two files to two recipients, who download them intact, and sees the tracking', async ({
  page,
  browser,
  request,
  workerAdmin,
}) => {
  test.setTimeout(90_000)
  const dir = await tempDir()
  try {
    const photo = await writeRandomFile(dir, 'photo one.jpg', 700 * KiB)
    const clip = await writeRandomFile(dir, 'clip.mp4', 3 * MiB)
    const tag = randomUUID().slice(0, 8)
    const ana = `ana-${tag}@e2e.ferry.test`
    const bo = `bo-${tag}@e2e.ferry.test`
    const senderDialogs = recordDialogs(page)
    // The bootstrap admin: ADMIN counts as paid (Pro: 5 recipients, 2 TiB).
    await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
    await page.goto('/')
    // Slow enough (about 10 s) that sending has to wait for the uploads still in flight.
    const unthrottle = await throttleUploads(page, 384 * KiB)
    await addFiles(page, [photo.path, clip.path])

    await expect(page.getByTestId('upload-limit-line')).toHaveText('Up to 2 TiB per transfer')
    const counter = page.getByTestId('recipient-counter')
    await expect(counter).toHaveText('0 of 5 recipients')
    const input = page.getByTestId('recipient-input')
    const chips = page.getByTestId('recipient-chip')
    await input.fill(`${ana.toUpperCase()}, nope `)
    await expect(chips).toHaveText([ana])
    await expect(page.getByText('Invalid email: nope')).toBeVisible()
    await expect(input).toHaveValue('nope')
    await input.fill(`${bo}; ${ana}`)
    await input.press('Enter')
    await expect(page.getByText(`Already added: ${ana}`)).toBeVisible()
    await expect(chips).toHaveText([ana, bo])
    await expect(counter).toHaveText('2 of 5 recipients')
    await page.getByTestId('transfer-title').fill(xssTitle)
    await page.getByTestId('transfer-message').fill('Here they are.\nEnjoy!')

    const send = page.getByTestId('send-button')
    await expect(send).toHaveText('Transfer')
    await expect(page.getByText('All files uploaded')).toHaveCount(0)
    await send.click()
    // Real progress (product.md §4): the uploads' bytes, while the button says Uploading.
    await expect(send).toHaveText('Uploading')
    await expect(send).toBeDisabled()
    const first = await progressValue(page)
    expect(first).toBeLessThan(100)
    await expect.poll(() => progressValue(page), { timeout: 10_000 }).toBeGreaterThan(first)

    const success = page.getByTestId('transfer-success')
    await expect(success).toBeVisible({ timeout: 30_000 })
    await unthrottle()
    const shareUrl = new URL(await page.getByTestId('share-link').inputValue())
    expect(shareUrl.pathname).toMatch(/^\/share\/[A-Za-z0-9_-]{32}$/)
    // A screen of its own (issue 17 item 5): who was emailed, the QR code, the two ways on.
    await expect(success.getByTestId('success-recipients')).toHaveText(
      'We emailed the download link to your 2 recipients.',
    )
    await expect(success.getByRole('img', { name: 'QR code of the share link' })).toBeVisible()
    const viewTransfer = success.getByRole('link', { name: 'View transfer' })
    await expect(viewTransfer).toHaveAttribute('href', /^\/transfers\/[\w-]+$/)
    const detailPath = (await viewTransfer.getAttribute('href')) ?? ''
    await expect(send).toHaveCount(0)
    // Send another: the form, the file list and the total are cleared.
    await success.getByRole('button', { name: 'Send another' }).click()
    await expect(chips).toHaveCount(0)
    await expect(page.getByTestId('transfer-title')).toHaveValue('')
    await expect(page.getByTestId('transfer-message')).toHaveValue('')
    await expect(page.getByTestId('selected-files')).toHaveCount(0)
    await expect(send).toBeDisabled()

    // Each recipient got a personal link to the same transfer.
    const anaLink = shareLinkIn(await mailTo(ana))
    const boLink = shareLinkIn(await mailTo(bo))
    expect(anaLink.pathname).toBe(shareUrl.pathname)
    expect(boLink.pathname).toBe(shareUrl.pathname)
    expect(anaLink.searchParams.get('t')).not.toBe(boLink.searchParams.get('t'))

    // Ana, in a browser of her own, downloads one file and then the ZIP.
    const anaContext = await browser.newContext({ acceptDownloads: true })
    try {
      const anaPage = await anaContext.newPage()
      const anaDialogs = recordDialogs(anaPage)
      await anaPage.goto(anaLink.toString())
      await expect(anaPage.getByTestId('share-title')).toHaveText(xssTitle)
      await expect(anaPage.getByTestId('share-message')).toContainText('Here they are.\nEnjoy!')
      await expect(anaPage.getByTestId('share-status')).toContainText(/Expires in \d+d \d+h/)
      await expect(anaPage.getByTestId('share-file')).toHaveCount(2)
      await expect(shareFile(anaPage, 'clip.mp4')).toContainText('3 MiB')
      await expect(anaPage.getByTestId('share-tracking')).toHaveCount(0)

      const [single] = await Promise.all([
        anaPage.waitForEvent('download'),
        shareFile(anaPage, 'photo one.jpg').getByRole('link', { name: 'Download photo one.jpg' }).click(),
      ])
      expect(single.suggestedFilename()).toBe('photo one.jpg')
      expect(await sha256OfDownload(single)).toBe(photo.sha256)

      const [zip] = await Promise.all([anaPage.waitForEvent('download'), anaPage.getByTestId('download-zip').click()])
      expect(zip.suggestedFilename()).toMatch(/\.zip$/)
      const zipPath = await zip.path()
      expect(await zipEntryHashes(zipPath)).toEqual({ 'photo one.jpg': photo.sha256, 'clip.mp4': clip.sha256 })

      expect(await anaPage.evaluate(() => (window as { __ferryXss?: number }).__ferryXss)).toBeUndefined()
      expect(anaDialogs).toEqual([])
    } finally {
      await anaContext.close()
    }

    // The sender's share page: Ana opened it and downloaded both files; Bo has not opened it.
    await page.goto(shareUrl.pathname)
    await expect(async () => {
      await page.reload()
      await expect(page.getByTestId('download-count')).toHaveText('Downloaded 2 times', { timeout: 1000 })
    }).toPass({ timeout: 15_000 })
    const anaRow = trackedRecipient(page, ana)
    await expect(anaRow.getByTestId('first-accessed')).toHaveText(/^First opened /)
    await expect(anaRow.getByTestId('download-status')).toHaveText([/photo one\.jpgDownloaded/, /clip\.mp4Downloaded/])
    await expect(anaRow.getByText('A', { exact: true })).toBeVisible()
    const boRow = trackedRecipient(page, bo)
    await expect(boRow.getByTestId('first-accessed')).toHaveText('Not opened yet')
    await expect(boRow.getByTestId('download-status')).toHaveText([/Not downloaded/, /Not downloaded/])
    await expect(page.getByTestId('share-title')).toHaveText(xssTitle)

    // The same tracking on the transfer's page under My Transfers (issue 17 item 5), and its ZIP button.
    await page.goto(detailPath)
    await expect(page.getByTestId('detail-download')).toHaveText('Download all (ZIP)')
    await expect(trackedRecipient(page, ana).getByTestId('download-status')).toHaveText([
      /photo one\.jpgDownloaded/,
      /clip\.mp4Downloaded/,
    ])
    await expect(trackedRecipient(page, bo).getByTestId('first-accessed')).toHaveText('Not opened yet')
    expect(await page.evaluate(() => (window as { __ferryXss?: number }).__ferryXss)).toBeUndefined()
    expect(senderDialogs).toEqual([])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('a visitor fills the form, logs in from it, finds it restored and sends one file to one recipient', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000)
  const dir = await tempDir()
  try {
    const doc = await writeRandomFile(dir, 'contract draft.pdf', 400 * KiB)
    const account = newAccount('guest')
    // The Free plan's sender code is asked in the browser below, once the visitor has logged in.
    await registerViaApi(request, account, undefined, { senderConfirmed: false })
    const recipient = `cy-${randomUUID().slice(0, 8)}@e2e.ferry.test`

    await page.goto('/')
    await expect(page.getByText('Up to 50 GiB free')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Increase limit' })).toHaveAttribute('href', '/upgrade')
    await expect(page.getByTestId('transfer-notice')).toHaveText('Please log in to send transfers')
    await addFiles(page, [doc.path])
    // Guest allows one recipient: a single email field, no counter.
    const email = page.getByTestId('recipient-email')
    await expect(email).toBeVisible()
    await expect(page.getByTestId('recipient-counter')).toHaveCount(0)
    await email.fill(recipient.toUpperCase())
    await page.getByTestId('transfer-title').fill('The contract')
    await page.getByTestId('transfer-message').fill('Please sign.')
    // Another tab and back: nothing typed is lost.
    await page.getByRole('tab', { name: 'Request files' }).click()
    await page.getByRole('tab', { name: 'Send files' }).click()
    await expect(page.getByTestId('transfer-title')).toHaveValue('The contract')

    const send = page.getByTestId('send-button')
    await expect(send).toHaveText('Login to Send')
    await send.click()
    const dialog = page.getByRole('dialog', { name: 'Log in to Ferry' })
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email)
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password)
    await dialog.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(dialog).toBeHidden()

    await expect(email).toHaveValue(recipient.toUpperCase())
    await expect(page.getByTestId('transfer-title')).toHaveValue('The contract')
    await expect(page.getByTestId('transfer-message')).toHaveValue('Please sign.')
    expect(await page.evaluate(() => sessionStorage.getItem('ferry.transferForm'))).toBeNull()
    await expect(page.getByTestId('upload-limit-line')).toHaveText(/Up to 50 GiB free/)
    await expect(send).toHaveText('Transfer')
    await send.click()
    // A new session in a browser never confirmed: the Free plan's sender code first (issue 18 item 7).
    await confirmSenderInDialog(page, account.email)
    await expect(page.getByTestId('transfer-success')).toBeVisible({ timeout: 20_000 })
    const shareUrl = new URL(await page.getByTestId('share-link').inputValue())
    await page.getByRole('button', { name: 'Send another' }).click()
    await expect(email).toHaveValue('')

    const link = shareLinkIn(await mailTo(recipient))
    expect(link.pathname).toBe(shareUrl.pathname)
    const other = await browser.newContext({ acceptDownloads: true })
    try {
      const recipientPage = await other.newPage()
      await recipientPage.goto(link.toString())
      await expect(recipientPage.getByTestId('share-title')).toHaveText('The contract')
      await expect(recipientPage.getByTestId('share-meta')).toContainText(`Sent by ${account.name}`)
      // One file: no ZIP button.
      await expect(recipientPage.getByTestId('download-zip')).toHaveCount(0)
      const [download] = await Promise.all([
        recipientPage.waitForEvent('download'),
        recipientPage.getByRole('link', { name: 'Download contract draft.pdf' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('contract draft.pdf')
      expect(await sha256OfDownload(download)).toBe(doc.sha256)
    } finally {
      await other.close()
    }

    await page.goto(shareUrl.pathname)
    await expect(async () => {
      await page.reload()
      // Each reload renders the lazily loaded page anew: a few seconds on a busy machine.
      await expect(trackedRecipient(page, recipient).getByTestId('download-status')).toHaveText(
        [/contract draft\.pdfDownloaded/],
        { timeout: 5000 },
      )
    }).toPass({ timeout: 30_000 })
    await expect(trackedRecipient(page, recipient).getByTestId('first-accessed')).toHaveText(/^First opened /)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
