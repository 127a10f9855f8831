import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { loginViaApi, newAccount, registerViaApi, storeLogin, type TestAccount } from './fixtures/auth.js'
import { describeViolations, seriousViolations, settled } from './fixtures/axe.js'
import { confirmSenderViaApi } from './fixtures/sender.js'
import { expect, test } from './fixtures/test.js'
import { mailTo, seedTransfer } from './fixtures/transfers.js'

const userRow = (page: Page, email: string) => page.locator(`[data-testid="user-row"][data-email="${email}"]`)
const topUserRow = (page: Page, email: string) =>
  page.getByTestId('storage-top-users').locator(`tr[data-email="${email}"]`)

/** No serious or critical axe-core violations on the page as it is now (open modals included). */
async function expectAccessible(page: Page) {
  // A dialog that is still fading in has half-drawn colours: axe would measure those.
  await settled(page)
  expect(describeViolations(await seriousViolations(page))).toBe('')
}

/** The first page load builds and fetches a lot on a busy machine: give it longer than later steps. */
const firstLoad = { timeout: 15_000 }

async function openAsAdmin(
  page: Page,
  request: Parameters<typeof loginViaApi>[0],
  admin: TestAccount,
  path = '/admin',
) {
  await storeLogin(page, await loginViaApi(request, admin.email, admin.password))
  await page.goto(path)
}

/** Creates a user through the Add User modal; returns the set-password link the admin is shown once. */
async function createUser(
  page: Page,
  account: { name: string; email: string },
  labels = { add: 'Add User', create: 'Create User' },
) {
  await page.getByRole('button', { name: labels.add }).click()
  const dialog = page.getByRole('dialog', { name: labels.create })
  await dialog.getByTestId('user-form-name').fill(account.name)
  await dialog.getByTestId('user-form-email').fill(account.email)
  await dialog.getByRole('button', { name: labels.create }).click()
  const link = page.getByTestId('set-password-link')
  await expect(link).toHaveValue(/\/set-password#token=/)
  return link.inputValue()
}

test('an admin creates a user who sets a password from the email and logs in; edits, sees transfers and storage, deletes', async ({
  page,
  browser,
  request,
  workerAdmin,
}) => {
  test.setTimeout(90_000)
  const account = newAccount('invited')
  await openAsAdmin(page, request, workerAdmin, '/dashboard/')
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible(firstLoad)
  await expect(page.getByRole('tab')).toHaveText([
    'Users',
    'Transfers',
    'Storage Usage',
    'Referral payouts',
    'Jobs',
    'Promotions',
    'Security',
  ])
  await expect(page.getByRole('heading', { name: 'System Users' })).toBeVisible()
  await expect(page.getByTestId('users-table').locator('thead th')).toHaveText(
    ['ID', 'Name', 'Email', 'Role', 'Created', 'Actions'],
    firstLoad,
  )

  // Create: the role defaults to FREE; the link is shown once and emailed.
  await page.getByRole('button', { name: 'Add User' }).click()
  const form = page.getByRole('dialog', { name: 'Create User' })
  await expect(form.getByTestId('user-form-role')).toHaveValue('Free User')
  await expect(form.getByTestId('user-form-email')).toHaveAttribute('type', 'email')
  await expectAccessible(page)
  await form.getByRole('button', { name: 'Cancel' }).click()
  const shownLink = await createUser(page, account)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Done' }).click()
  await page.getByTestId('users-search').fill(account.email)
  await expect(userRow(page, account.email)).toContainText(account.name)
  await expect(userRow(page, account.email)).toContainText('Free User')
  // Local date and time, US English.
  await expect(userRow(page, account.email).locator('td').nth(4)).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
  )

  // A duplicate email: the server's message in the red alert, the modal stays open, nothing added.
  await createUserExpectingError(page, { name: 'Dup', email: account.email })
  await expect(page.getByTestId('user-form-error')).toContainText('A user with this email already exists.')
  await page.getByTestId('user-form-error').getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId('user-form-error')).toHaveCount(0)
  await page.getByRole('dialog', { name: 'Create User' }).getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('user-row')).toHaveCount(1)

  const mail = await mailTo(account.email)
  const mailed = mail.links.find((href) => href.includes('/set-password#token='))
  expect(mailed).toBeDefined()
  expect(new URL(mailed!).hash).toBe(new URL(shownLink).hash)

  // The invited user sets a password from the emailed link, once, and is signed in with it at once.
  const invited = await browser.newPage()
  const linkPath = new URL(mailed!).pathname + new URL(mailed!).hash
  await invited.goto(linkPath)
  await expect(invited.getByRole('heading', { name: 'Choose your password' })).toBeVisible()
  await expect(invited.getByText(account.email)).toBeVisible()
  await invited.getByTestId('set-password-input').fill('short')
  await invited.getByTestId('set-password-repeat').fill('short')
  await invited.getByTestId('set-password-submit').click()
  await expect(invited.getByText('Password must be at least 8 characters.')).toBeVisible()
  await invited.getByTestId('set-password-input').fill(account.password)
  await invited.getByTestId('set-password-repeat').fill(account.password)
  await invited.getByTestId('set-password-submit').click()
  await expect(invited.getByText('Your password is set and you are signed in.')).toBeVisible()
  await expect(invited.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible()
  await invited.getByRole('link', { name: 'Start using Ferry' }).click()
  await expect(invited).toHaveURL(/\/$/)
  await expect(invited.getByRole('banner').getByRole('button', { name: 'Account menu' })).toBeVisible()
  await invited.goto(linkPath)
  await expect(invited.getByTestId('set-password-invalid')).toHaveText(
    'This set-password link is invalid, has expired or has already been used.',
  )
  await invited.close()

  // Edit the role: the badge follows after the list reloads.
  await page.getByRole('button', { name: `Edit ${account.name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit User' })
  await expect(edit.getByTestId('user-form-email')).toHaveValue(account.email)
  await expectAccessible(page)
  await edit.getByTestId('user-form-role').click()
  await page.getByRole('option', { name: 'Premium User' }).click()
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(edit).toHaveCount(0)
  await expect(userRow(page, account.email)).toContainText('Premium User')

  // A new set-password link, for a user who lost theirs: emailed to them only, never shown to the admin.
  await page.getByRole('button', { name: `Send ${account.name} a new set-password link` }).click()
  const newLink = page.getByRole('dialog', { name: 'New set-password link' })
  await expect(newLink.getByTestId('set-password-message')).toContainText('the link is not shown to you')
  await expect(newLink.getByTestId('set-password-link')).toHaveCount(0)
  await expect.poll(async () => (await mailTo(account.email)).subject).toBe('Ferry: choose a new password')
  await newLink.getByRole('button', { name: 'Done' }).click()

  // Storage before and after the user's upload.
  await page.getByRole('tab', { name: 'Storage Usage' }).click()
  await expect(page.getByRole('heading', { name: 'Where the stored bytes are' })).toBeVisible()
  await expectAccessible(page)
  await expect(topUserRow(page, account.email)).toHaveCount(0)
  const storedBefore = await page.getByTestId('storage-stored').textContent()

  const userLogin = await loginViaApi(request, account.email, account.password)
  await confirmSenderViaApi(request, userLogin)
  const title = `Admin view ${randomUUID().slice(0, 6)}`
  const transfer = await seedTransfer(request, userLogin.access_token, {
    title,
    recipients: ['someone@e2e.ferry.test'],
    files: [{ name: 'big.bin', body: 'x'.repeat(6 * 1024 * 1024) }],
  })

  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(topUserRow(page, account.email)).toContainText('6 MiB')
  await expect(page.getByTestId('storage-stored')).not.toHaveText(storedBefore ?? '')
  await expect(page.getByTestId('storage-largest')).toContainText(title)

  // The Transfers tab lists every user's transfers, with the owner's email (walk 7.1).
  await page.getByRole('tab', { name: 'Transfers' }).click()
  await expect(page.getByTestId('transfers-table').locator('thead th').nth(1)).toHaveText('Owner')
  const row = page.locator(`[data-testid="transfer-row"][data-title="${title}"]`)
  await expect(row.getByTestId('cell-owner')).toHaveText(account.email)
  await expect(row.getByRole('link').first()).toHaveAttribute('href', `/transfers/${transfer.id}`)

  // Delete, with the stated rule; the user, their transfer and their bytes are gone.
  await page.getByRole('tab', { name: 'Users' }).click()
  await page.getByTestId('users-search').fill(account.email)
  await page.getByRole('button', { name: `Delete ${account.name}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete User' })
  await expect(confirm).toContainText('Are you sure you want to delete this user?')
  await expect(confirm.getByTestId('delete-user-rule')).toContainText('removed from storage')
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(userRow(page, account.email)).toHaveCount(0)
  await expect(page.getByText('No users found')).toBeVisible()
  await page.getByRole('tab', { name: 'Transfers' }).click()
  await expect(page.getByTestId('transfers-table').or(page.getByTestId('transfers-empty'))).toBeVisible()
  await expect(page.locator(`[data-testid="transfer-row"][data-title="${title}"]`)).toHaveCount(0)
  await page.getByRole('tab', { name: 'Storage Usage' }).click()
  await expect(page.getByTestId('storage-panel')).not.toContainText(title)
  await expect(page.getByTestId('storage-panel')).not.toContainText(account.email)

  // The server refuses deleting oneself, so the admin's own row offers no Delete (issue 17 item 9).
  await page.getByRole('tab', { name: 'Users' }).click()
  await page.getByTestId('users-search').fill(workerAdmin.email)
  await expect(userRow(page, workerAdmin.email)).toHaveCount(1)
  await expect(userRow(page, workerAdmin.email).getByRole('button', { name: /^Edit / })).toBeVisible()
  await expect(userRow(page, workerAdmin.email).getByRole('button', { name: /^Delete / })).toHaveCount(0)
})

/** Two users, one transfer each, the admin on the Transfers tab in `lng`; the filter by owner asks the server. */
async function ownersAndFilter(
  page: Page,
  request: Parameters<typeof loginViaApi>[0],
  admin: TestAccount,
  lng: 'en' | 'es',
  text: {
    tab: string
    owner: string
    filter: string
    heading: string
    empty: string
    payouts: string
    status: string
    allStatuses: string
  },
) {
  const tag = randomUUID().slice(0, 6)
  const [ann, ben] = [newAccount(`owner-a-${lng}`), newAccount(`owner-b-${lng}`)]
  const seeded: { owner: TestAccount; title: string }[] = []
  for (const owner of [ann, ben]) {
    await registerViaApi(request, owner)
    const login = await loginViaApi(request, owner.email, owner.password)
    const title = `Owned ${tag} ${owner.name}`
    await seedTransfer(request, login.access_token, {
      title,
      recipients: ['someone@e2e.ferry.test'],
      files: [{ name: 'a.txt', body: `from ${owner.email}` }],
    })
    seeded.push({ owner, title })
  }
  const rowOf = (title: string) => page.locator(`[data-testid="transfer-row"][data-title="${title}"]`)

  await openAsAdmin(page, request, admin, `/admin?tab=transfers&lng=${lng}`)
  await expect(page.getByRole('tab', { name: text.tab })).toHaveAttribute('aria-selected', 'true', firstLoad)
  await expect(page.getByRole('heading', { name: text.heading, exact: true })).toBeVisible()
  // The admin's list of everyone's transfers offers no 'New Transfer' (it only led to the home page).
  await expect(page.getByRole('link', { name: /New Transfer|Nueva transferencia/ })).toHaveCount(0)
  await expect(page.getByTestId('transfers-table').locator('thead th').nth(1)).toHaveText(text.owner, firstLoad)

  // The filter is the server's (?owner=): only Ann's transfer is left, whichever page Ben's was on.
  const asked = page.waitForRequest((req) => {
    const url = new URL(req.url())
    return url.pathname === '/api/admin/transfers' && url.searchParams.get('owner') === seeded[0]!.owner.email
  })
  await page.getByRole('textbox', { name: text.filter }).fill(seeded[0]!.owner.email)
  await asked
  await expect(rowOf(seeded[0]!.title).getByTestId('cell-owner')).toHaveText(seeded[0]!.owner.email)
  await expect(page.getByTestId('transfer-row')).toHaveCount(1)
  await expect(rowOf(seeded[1]!.title)).toHaveCount(0)
  await expectAccessible(page)

  await page.getByRole('textbox', { name: text.filter }).fill(`nobody-${tag}@e2e.ferry.test`)
  await expect(page.getByTestId('transfers-empty')).toHaveText(text.empty)
  await page.getByRole('textbox', { name: text.filter }).fill(seeded[1]!.owner.email)
  await expect(rowOf(seeded[1]!.title).getByTestId('cell-owner')).toHaveText(seeded[1]!.owner.email)
  await expect(page.getByTestId('transfer-row')).toHaveCount(1)

  // The payouts tab's filter is by status, and says so (walk 7.4: it read 'All Plans').
  await page.getByRole('tab', { name: text.payouts }).click()
  const statusFilter = page.getByRole('radiogroup', { name: text.status })
  await expect(statusFilter).toBeVisible()
  await expect(statusFilter.getByRole('radio', { name: text.allStatuses })).toBeChecked()
}

test("the Transfers tab shows each transfer's owner by email and filters by owner through the server", async ({
  page,
  request,
  workerAdmin,
}) => {
  await ownersAndFilter(page, request, workerAdmin, 'en', {
    tab: 'Transfers',
    owner: 'Owner',
    filter: 'Filter by owner email',
    heading: 'Transfers',
    empty: 'No transfers found',
    payouts: 'Referral payouts',
    status: 'Status',
    allStatuses: 'All statuses',
  })
})

test('in Spanish: the Transfers tab shows the owner and filters by owner', async ({ page, request, workerAdmin }) => {
  await ownersAndFilter(page, request, workerAdmin, 'es', {
    tab: 'Transferencias',
    owner: 'Propietario',
    filter: 'Filtrar por correo del propietario',
    heading: 'Transferencias',
    empty: 'No se encontraron transferencias',
    payouts: 'Pagos por referidos',
    status: 'Estado',
    allStatuses: 'Todos los estados',
  })
})

async function createUserExpectingError(page: Page, account: { name: string; email: string }) {
  await page.getByRole('button', { name: 'Add User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create User' })
  await dialog.getByTestId('user-form-name').fill(account.name)
  await dialog.getByTestId('user-form-email').fill(account.email)
  await dialog.getByRole('button', { name: 'Create User' }).click()
}

test('a non-admin is told /admin is for administrators, and sees Access Denied when the server refuses a stale admin session', async ({
  browser,
  request,
}) => {
  const member = await registerViaApi(request, newAccount('denied'))
  const away = await browser.newPage()
  await storeLogin(away, member)
  await away.goto('/admin')
  await expect(away).toHaveURL(/\/admin$/)
  await expect(away.getByRole('heading', { level: 1, name: 'Administrators only' })).toBeVisible()
  await away.close()

  // The browser still believes the account is an admin (demoted since); the server says 403.
  const stale = await browser.newPage()
  const staleLogin = { ...member, user: { ...member.user, role: 'ADMIN' } }
  await stale.route('**/auth/verify', (route) => route.fulfill({ json: { valid: true, user: staleLogin.user } }))
  await storeLogin(stale, staleLogin)
  await stale.goto('/admin')
  await expect(stale.getByTestId('admin-access-denied')).toContainText(
    'You must be an admin user to access the admin dashboard.',
    firstLoad,
  )
  await expect(stale.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible()
  await expect(stale.getByText('You must be an admin to access this page')).toBeVisible()
  await stale.getByRole('tab', { name: 'Storage Usage' }).click()
  await expect(stale.getByText('Access Denied')).toBeVisible()
  await stale.close()
})

test('in Spanish: the dashboard, the user modals, role labels, storage and the set-password page', async ({
  page,
  browser,
  request,
  workerAdmin,
}) => {
  const account = newAccount('es')
  await openAsAdmin(page, request, workerAdmin, '/admin?lng=es')
  await expect(page.getByRole('heading', { name: 'Panel de administración' })).toBeVisible(firstLoad)
  await expect(page.getByRole('tab')).toHaveText([
    'Usuarios',
    'Transferencias',
    'Uso de almacenamiento',
    'Pagos por referidos',
    'Tareas',
    'Promociones',
    'Seguridad',
  ])
  await expect(page.getByRole('heading', { name: 'Usuarios del sistema' })).toBeVisible()
  await expect(page.getByTestId('users-table').locator('thead th')).toHaveText(
    ['ID', 'Nombre', 'Correo', 'Rol', 'Creado', 'Acciones'],
    firstLoad,
  )
  await createUser(page, account, { add: 'Añadir usuario', create: 'Crear usuario' })
  await expect(page.getByRole('dialog', { name: 'Usuario creado' })).toContainText('Funciona una sola vez')
  await page.getByRole('button', { name: 'Hecho' }).click()
  await page.getByTestId('users-search').fill(account.email)
  await expect(userRow(page, account.email)).toContainText('Usuario gratuito')

  await page.getByRole('button', { name: `Editar a ${account.name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Editar usuario' })
  await edit.getByTestId('user-form-email').fill('no-es-un-correo')
  await edit.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(edit.getByText('Introduce una dirección de correo válida.')).toBeVisible()
  await edit.getByRole('button', { name: 'Cancelar' }).click()

  await page.getByRole('tab', { name: 'Uso de almacenamiento' }).click()
  await expect(page.getByRole('heading', { name: 'Dónde están los bytes almacenados' })).toBeVisible()
  await expect(page.getByText('Almacenado en total')).toBeVisible()

  const invited = await browser.newPage()
  await invited.goto('/set-password?token=nope&lng=es')
  await expect(invited.getByRole('heading', { name: 'Elige tu contraseña' })).toBeVisible()
  await expect(invited.getByTestId('set-password-invalid')).toHaveText(
    'Este enlace para elegir contraseña no es válido, ha caducado o ya se ha usado.',
  )
  await invited.close()

  await page.getByRole('tab', { name: 'Usuarios' }).click()
  await page.getByTestId('users-search').fill(account.email)
  await page.getByRole('button', { name: `Eliminar a ${account.name}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Eliminar usuario' })
  await expect(confirm).toContainText('¿Seguro que quieres eliminar este usuario?')
  await confirm.getByRole('button', { name: 'Eliminar' }).click()
  await expect(page.getByText('No se encontraron usuarios')).toBeVisible()
})

// Issue 15 item 12: the e2e server runs the built-in test checkout (no Stripe keys, PAYMENTS=test),
// and the admin console says so.
test('while the test checkout runs, the admin console shows a banner, in English and in Spanish', async ({
  page,
  request,
  workerAdmin,
}) => {
  await openAsAdmin(page, request, workerAdmin)
  const banner = page.getByTestId('test-checkout-banner')
  await expect(banner).toBeVisible(firstLoad)
  await expect(banner).toContainText('Test checkout is active')
  await expect(banner).toContainText('anyone can give themselves a paid plan without paying')
  await page.getByRole('tab', { name: 'Storage Usage' }).click()
  await expect(banner).toBeVisible()

  await page.goto('/admin?lng=es')
  await expect(banner).toContainText('El pago de prueba está activo', firstLoad)
  await expect(banner).toContainText('cualquiera puede darse un plan de pago sin pagar')
})
