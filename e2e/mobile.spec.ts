import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { loginViaApi, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { addFiles, seedTransfer } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Pages load lazily, with their translations: on a busy machine the first paint can take a while.
const expect = baseExpect.configure({ timeout: 15_000 })

// A phone (issue 17 item 8, newcomer walk M.1–M.3).
const phone = { width: 390, height: 844 }
test.use({ viewport: phone })

const apiHeaders = (token: string) => ({ 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` })

/** What the pages say, in each language the phone layout is checked in. */
const strings = {
  en: {
    addFiles: 'Add files',
    remove: (name: string) => `Remove ${name}`,
    transferFields: ['ID', 'Recipient', 'File', 'Size', 'Downloads', 'Created', 'Expires'],
    copyLink: 'Copy Link',
    delete: 'Delete',
    deleteTransfer: 'Delete transfer',
    deleted: (title: string) => `Transfer deleted: ${title}`,
    filesLabel: 'Files',
    myRequests: 'My Requests',
    requestFields: ['Expires', 'Status', 'Uploads'],
    active: 'Active',
    closed: 'Closed',
    closeLink: 'Close link',
    edit: 'Edit',
    deleteRequest: 'Delete this request link?',
    userFields: ['ID', 'Email', 'Role', 'Created'],
    editUser: (name: string) => `Edit ${name}`,
    deleteUser: (name: string) => `Delete ${name}`,
    download: (name: string) => `Download ${name}`,
    sortBy: 'Sort by',
    ascending: 'Ascending',
  },
  es: {
    addFiles: 'Añadir archivos',
    remove: (name: string) => `Quitar ${name}`,
    transferFields: ['ID', 'Destinatario', 'Archivo', 'Tamaño', 'Descargas', 'Creada', 'Caduca'],
    copyLink: 'Copiar enlace',
    delete: 'Eliminar',
    deleteTransfer: 'Eliminar transferencia',
    deleted: (title: string) => `Transferencia eliminada: ${title}`,
    filesLabel: 'Archivos',
    myRequests: 'Mis solicitudes',
    requestFields: ['Caduca', 'Estado', 'Subidas'],
    active: 'Activo',
    closed: 'Cerrado',
    closeLink: 'Cerrar enlace',
    edit: 'Editar',
    deleteRequest: '¿Eliminar este enlace de solicitud?',
    userFields: ['ID', 'Correo', 'Rol', 'Creado'],
    editUser: (name: string) => `Editar a ${name}`,
    deleteUser: (name: string) => `Eliminar a ${name}`,
    download: (name: string) => `Descargar ${name}`,
    sortBy: 'Ordenar por',
    ascending: 'Ascendente',
  },
} as const

/** Long names as people give them: spaces, accents, a dash, and one with no break at all. */
const longNames = {
  spaced: 'Informe año 2026 — presupuesto definitivo revisado por el comité de dirección (versión final).pdf',
  unbroken: 'escaneo_contrato_de_arrendamiento_local_comercial_calle_mayor_número_17_firmado.pdf',
}

/** The element lies inside the phone's width: nothing of it is cut off at the right edge. */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible()
  const box = await locator.boundingBox()
  expect(box, 'has a box').not.toBeNull()
  if (!box) return
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width)
}

/** The element shows `text` whole: the text itself, nothing hidden behind an ellipsis or a scroll. */
async function expectWholeText(locator: Locator, text: string) {
  await expect(locator).toHaveText(text)
  await expectOnScreen(locator)
  const overflow = await locator.evaluate((element) => element.scrollWidth - element.clientWidth)
  expect(overflow, `"${text}" overflows its box`).toBeLessThanOrEqual(0)
  expect(await locator.evaluate((element) => getComputedStyle(element).textOverflow)).not.toBe('ellipsis')
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width)
}

/** The labels of a card's lines, in order. */
const fieldLabels = (card: Locator) => card.locator('dt')

for (const lng of ['en', 'es'] as const) {
  test(`${lng}: on a phone the upload list shows long names whole and each file's × removes it`, async ({
    page,
    request,
  }) => {
    const s = strings[lng]
    const dir = await tempDir()
    const spaced = await writeRandomFile(dir, longNames.spaced, 40 * 1024)
    const unbroken = await writeRandomFile(dir, longNames.unbroken, 20 * 1024)
    const notes = await writeRandomFile(dir, 'notes.txt', 1024)
    await storeLogin(page, await registerViaApi(request, newAccount(`phone-send-${lng}`)))

    await page.goto(`/?lng=${lng}`)
    await addFiles(page, [spaced.path, unbroken.path, notes.path], s.addFiles)
    const list = page.getByTestId('selected-files')
    const rows = list.getByTestId('upload-file-row')
    await expect(rows).toHaveCount(3)
    const card = await list.boundingBox()
    expect(card).not.toBeNull()
    for (const name of [longNames.spaced, longNames.unbroken, 'notes.txt']) {
      const row = list.locator(`[data-testid="upload-file-row"][data-file-name="${name}"]`)
      await expectWholeText(row.getByTestId('upload-file-name'), name)
      await expectOnScreen(row.getByTestId('upload-file-size'))
      // The × sits inside the list's card (it used to be clipped outside it at 390 px).
      const remove = row.getByRole('button', { name: s.remove(name) })
      await expectOnScreen(remove)
      const box = await remove.boundingBox()
      if (box && card) {
        expect(box.x).toBeGreaterThanOrEqual(card.x)
        expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width)
      }
    }

    await list.getByRole('button', { name: s.remove(longNames.unbroken) }).click()
    await expect(rows).toHaveCount(2)
    await expect(rows.getByTestId('upload-file-name')).toHaveText([longNames.spaced, 'notes.txt'])
    await expectNoSidewaysScroll(page)
  })

  test(`${lng}: on a phone My Transfers are cards with every column, copy, open and delete`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(60_000)
    const s = strings[lng]
    const login = await registerViaApi(request, newAccount(`phone-list-${lng}`))
    const tag = randomUUID().slice(0, 6)
    const keptTitle = `Presupuesto anual del departamento de comunicación ${tag}`
    const kept = await seedTransfer(request, login.access_token, {
      title: keptTitle,
      recipients: [`destinataria-con-un-nombre-largo-${tag}@e2e.ferry.test`],
      files: [{ name: longNames.spaced, body: 'p'.repeat(2500) }],
    })
    const goneTitle = `Borrador ${tag}`
    await seedTransfer(request, login.access_token, {
      title: goneTitle,
      recipients: [`otra-${tag}@e2e.ferry.test`],
      files: [{ name: 'borrador.txt', body: 'b'.repeat(100) }],
    })
    await storeLogin(page, login)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])

    await page.goto(`/transfers?lng=${lng}`)
    const cards = page.getByTestId('transfers-cards')
    await expect(cards.getByTestId('transfer-row')).toHaveCount(2)
    await expect(page.getByTestId('transfers-table')).toHaveCount(0)
    await expectNoSidewaysScroll(page)

    const card = cards.locator(`[data-testid="transfer-row"][data-title="${keptTitle}"]`)
    await expectOnScreen(card)
    // Title, then every column of the table as a labelled line, then the actions.
    await expectWholeText(card.getByTestId('cell-title'), keptTitle)
    await expect(fieldLabels(card)).toHaveText([...s.transferFields])
    await expect(card.getByTestId('card-recipient')).toHaveText(
      `destinataria-con-un-nombre-largo-${tag}@e2e.ferry.test`,
    )
    await expectWholeText(card.getByTestId('card-file'), longNames.spaced)
    await expect(card.getByTestId('card-size')).toHaveText(/^\d[\d.,]*\s?[kKM]i?B$/)
    await expect(card.getByTestId('card-downloads')).toHaveText('0')
    await expect(card.getByTestId('card-expires')).toHaveText(/\d{4}/)
    for (const value of await card.locator('dd').all()) await expectOnScreen(value)

    // The headers' sorting, for the cards: a column to sort by and a direction to flip.
    const titles = cards.getByTestId('transfer-row').getByTestId('cell-title')
    await expect(titles).toHaveText([goneTitle, keptTitle])
    await page.getByLabel(s.sortBy).selectOption('title')
    await page.getByRole('button', { name: s.ascending }).click()
    await expect(titles).toHaveText([keptTitle, goneTitle])

    const copy = card.getByRole('button', { name: s.copyLink })
    await expectOnScreen(copy)
    await copy.click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(kept.sharing_url)

    const gone = cards.getByTestId('transfer-row').filter({ hasText: goneTitle })
    const del = gone.getByRole('button', { name: s.delete })
    await expectOnScreen(del)
    await del.click()
    const dialog = page.getByRole('dialog', { name: s.deleteTransfer })
    await dialog.getByRole('button', { name: s.delete }).click()
    await expect(page.getByText(s.deleted(goneTitle))).toBeVisible()
    await expect(cards.getByTestId('transfer-row')).toHaveCount(1)

    // The title opens the transfer, whose long file name wraps instead of running off the screen.
    await card.getByTestId('cell-title').click()
    await expect(page).toHaveURL(new RegExp(`/transfers/${kept.id}`))
    await expect(page.getByTestId('detail-file')).toContainText(longNames.spaced)
    await expectOnScreen(page.getByTestId('detail-file'))
    await expect(page.getByText(s.filesLabel, { exact: true })).toBeVisible()
    await expectNoSidewaysScroll(page)
  })

  test(`${lng}: on a phone My Requests are cards with their status and actions`, async ({ page, request }) => {
    const s = strings[lng]
    const login = await registerViaApi(request, newAccount(`phone-requests-${lng}`))
    const name = `Documentos de la declaración de la renta para la gestoría ${randomUUID().slice(0, 6)}`
    const created = await request.post('/file-request/create', {
      headers: apiHeaders(login.access_token),
      data: { expires_in_days: 7, name },
    })
    expect(created.status(), await created.text()).toBe(201)
    await storeLogin(page, login)

    await page.goto(`/?tab=request&lng=${lng}`)
    await page.getByRole('tab', { name: s.myRequests }).click()
    const cards = page.getByTestId('my-requests-cards')
    const card = cards.getByTestId('my-request-row')
    await expect(card).toHaveCount(1)
    await expect(page.getByTestId('my-requests-table')).toHaveCount(0)
    await expectWholeText(card.getByTestId('request-name-cell'), name)
    await expect(fieldLabels(card)).toHaveText([...s.requestFields])
    await expect(card.getByTestId('request-status')).toHaveText(s.active)
    await expect(card.getByTestId('card-uploads')).toHaveText('0')
    for (const action of [s.copyLink, s.edit, s.closeLink, s.delete]) {
      await expectOnScreen(card.getByRole('button', { name: action }))
    }
    await expectNoSidewaysScroll(page)

    await card.getByRole('button', { name: s.closeLink }).click()
    await expect(card.getByTestId('request-status')).toHaveText(s.closed)
    await card.getByRole('button', { name: s.delete }).click()
    await expect(page.getByRole('dialog', { name: s.deleteRequest })).toBeVisible()
    await page.getByTestId('confirm-delete-request').click()
    await expect(card).toHaveCount(0)
  })

  test(`${lng}: on a phone the admin's users, transfers and storage tables are cards`, async ({
    page,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(60_000)
    const s = strings[lng]
    const account = newAccount(`phone-admin-${lng}`)
    const userLogin = await registerViaApi(request, account)
    const title = `Admin phone ${randomUUID().slice(0, 6)}`
    await seedTransfer(request, userLogin.access_token, {
      title,
      recipients: ['someone@e2e.ferry.test'],
      files: [{ name: longNames.unbroken, body: 'a'.repeat(1000) }],
    })
    await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))

    await page.goto(`/admin?lng=${lng}`)
    await page.getByTestId('users-search').fill(account.email)
    const user = page.getByTestId('users-cards').locator(`[data-testid="user-row"][data-email="${account.email}"]`)
    await expect(user).toHaveCount(1)
    await expect(page.getByTestId('users-table')).toHaveCount(0)
    await expect(user.locator('dt')).toHaveText([...s.userFields])
    await expect(user.getByTestId('card-email')).toHaveText(account.email)
    await expectOnScreen(user.getByRole('button', { name: s.editUser(account.name) }))
    await expectOnScreen(user.getByRole('button', { name: s.deleteUser(account.name) }))
    await user.getByRole('button', { name: s.editUser(account.name) }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expectNoSidewaysScroll(page)

    await page.goto(`/admin?tab=transfers&lng=${lng}`)
    await page.getByTestId('transfers-search').fill(title)
    const transfer = page.getByTestId('transfers-cards').getByTestId('transfer-row')
    await expect(transfer).toHaveCount(1)
    await expect(transfer.getByTestId('cell-title')).toHaveText(title)
    await expect(transfer.getByTestId('card-owner')).toHaveText(account.email)
    await expectWholeText(transfer.getByTestId('card-file'), longNames.unbroken)
    await expectOnScreen(transfer.getByRole('button', { name: s.delete }))
    await expectNoSidewaysScroll(page)

    await page.goto(`/admin?tab=storage&lng=${lng}`)
    const largest = page.getByTestId('storage-largest')
    await expect(largest.getByRole('listitem').first()).toBeVisible()
    await expect(page.getByTestId('storage-top-users').getByRole('listitem').first()).toBeVisible()
    for (const item of await largest.getByRole('listitem').all()) await expectOnScreen(item)
    await expectNoSidewaysScroll(page)
  })

  test(`${lng}: on a phone the share page shows long file names whole`, async ({ browser, request }) => {
    const s = strings[lng]
    const login = await registerViaApi(request, newAccount(`phone-share-${lng}`))
    const transfer = await seedTransfer(request, login.access_token, {
      title: 'Informe año 2026',
      recipients: ['lectora@e2e.ferry.test'],
      files: [
        { name: longNames.spaced, body: 'i'.repeat(3000) },
        { name: longNames.unbroken, body: 'c'.repeat(2000) },
      ],
    })
    // The recipient's phone: a browser of its own, not signed in.
    const recipient = await (await browser.newContext({ viewport: phone })).newPage()
    const link = new URL(transfer.sharing_url)
    link.searchParams.set('lng', lng)
    await recipient.goto(link.toString())
    await expect(recipient.getByTestId('share-file')).toHaveCount(2)
    for (const name of [longNames.spaced, longNames.unbroken]) {
      const file = recipient.locator(`[data-testid="share-file"][data-file-name="${name}"]`)
      await expectWholeText(file.getByTestId('share-file-name'), name)
      await expectOnScreen(file.getByRole('link', { name: s.download(name) }))
    }
    await expectNoSidewaysScroll(recipient)
  })
}
