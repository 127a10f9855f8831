import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { registerViaApi } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { seedTransfer, zipEntryHashes } from './fixtures/transfers.js'

// Issue 24 item 1 (browser): the recipient's browser checks what it downloaded against the
// SHA-256 the server keeps of each file, in English and in Spanish.

// The digest job and the hashing take a moment on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 })

const words = {
  en: {
    title: 'Check your download',
    allVerified: 'Verified: all 2 files are exactly what was sent.',
    differing: 'This file is not what was sent',
    someVerified: '1 of 2 files verified.',
    showSums: 'Show SHA-256 fingerprints',
  },
  es: {
    title: 'Comprueba tu descarga',
    allVerified: 'Verificado: los 2 archivos son exactamente los que se enviaron.',
    differing: 'Este archivo no es el que se envió',
    someVerified: '1 de 2 archivos verificados.',
    showSums: 'Mostrar huellas SHA-256',
  },
} as const

/** Waits until the server has read every file of the share through (the digest job). */
async function digestsKnown(request: APIRequestContext, uniqueId: string) {
  await expect
    .poll(async () => {
      const share = (await (await request.get(`/api/share/${uniqueId}`)).json()) as {
        transfer: { files: { sha256: string | null }[] }
      }
      return share.transfer.files.every((f) => f.sha256)
    })
    .toBe(true)
}

async function pickFiles(page: Page, files: string[]) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId('download-check-pick').click(),
  ])
  await chooser.setFiles(files)
}

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  test(`${lang}: a recipient checks the downloaded ZIP and files against their SHA-256, and a changed file is named`, async ({
    page,
    request,
  }) => {
    const sender = await registerViaApi(request)
    // Text bodies (seedTransfer sends text): one of several MiB, read in more than one slice.
    const big = randomBytes(3 * 1024 * 1024).toString('base64')
    const small = `notes for the ${lang} check\n`
    const sent = await seedTransfer(request, sender.access_token, {
      title: `Checked ${lang}`,
      recipients: [`reader-${lang}@example.com`],
      files: [
        { name: 'big.txt', body: big },
        { name: 'notes.txt', body: small },
      ],
    })
    await digestsKnown(request, sent.unique_id)

    await page.goto(`/share/${sent.unique_id}?lng=${lang}`)
    const check = page.getByTestId('download-check')
    await expect(check.getByRole('heading', { name: w.title })).toBeVisible()

    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-zip').click()])
    const zipPath = await zip.path()
    expect(Object.keys(await zipEntryHashes(zipPath))).toEqual(['big.txt', 'notes.txt'])

    await pickFiles(page, [zipPath])
    await expect(check.getByTestId('download-check-result')).toHaveText(w.allVerified)

    const dir = await mkdtemp(path.join(os.tmpdir(), 'ferry-check-'))
    try {
      // A file damaged on the way: same name and size, one byte different.
      const damaged = path.join(dir, 'notes.txt')
      await writeFile(damaged, `N${small.slice(1)}`)
      const intact = path.join(dir, 'big.txt')
      await writeFile(intact, big)
      await pickFiles(page, [intact, damaged])
      const result = check.getByTestId('download-check-result')
      await expect(result).toContainText(w.differing)
      await expect(result.getByTestId('download-check-differing')).toHaveText(['notes.txt'])
      await expect(result).toContainText(w.someVerified)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }

    await check.getByRole('button', { name: w.showSums }).click()
    await expect(check.getByTestId('file-sha256')).toHaveCount(2)
  })
}
