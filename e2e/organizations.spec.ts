import type { Page } from '@playwright/test'
import { type LoginResult, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { buyPlanViaTestCheckout } from './fixtures/billing.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { mailTo, seedTransfer } from './fixtures/transfers.js'

// Issue 22 item 1, in English and in Spanish: a Business owner creates an organization and invites
// a member by email; the member opens the emailed link signed out, logs in, comes back to the
// invitation and accepts; the owner sees them in the members table with their usage, makes them an
// admin, and the member leaves.

const expect = baseExpect.configure({ timeout: 15_000 })

const words = {
  en: {
    accountMenu: 'Account menu',
    organizationItem: 'Organization',
    nameLabel: 'Organization name',
    create: 'Create organization',
    seats: (n: number) => (n === 1 ? '1 seat' : `${n} seats`),
    owner: 'Owner',
    member: 'Member',
    admin: 'Admin',
    emailLabel: 'Email address',
    roleLabel: 'Role',
    sendInvite: 'Send invitation',
    sent: (email: string) => `Invitation sent to ${email}.`,
    invited: (inviter: string, org: string) => `${inviter} invited you to join ${org} as Member.`,
    logIn: 'Log in',
    loginDialog: 'Log in to Ferry',
    email: 'Email',
    password: 'Password',
    submitLogin: 'Login',
    accept: 'Accept invitation',
    roleOf: (name: string) => `Role of ${name}`,
    leave: 'Leave organization',
    leaveConfirm: 'Leave',
    upgradeTitle: 'Organizations for teams',
    size: '2.9 KiB',
    pendingEmpty: 'No pending invitations.',
  },
  es: {
    accountMenu: 'Menú de la cuenta',
    organizationItem: 'Organización',
    nameLabel: 'Nombre de la organización',
    create: 'Crear organización',
    seats: (n: number) => (n === 1 ? '1 puesto' : `${n} puestos`),
    owner: 'Propietario',
    member: 'Miembro',
    admin: 'Administrador',
    emailLabel: 'Correo electrónico',
    roleLabel: 'Rol',
    sendInvite: 'Enviar invitación',
    sent: (email: string) => `Invitación enviada a ${email}.`,
    invited: (inviter: string, org: string) => `${inviter} te invitó a unirte a ${org} como Miembro.`,
    logIn: 'Iniciar sesión',
    loginDialog: 'Inicia sesión en Ferry',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submitLogin: 'Iniciar sesión',
    accept: 'Aceptar invitación',
    roleOf: (name: string) => `Rol de ${name}`,
    leave: 'Salir de la organización',
    leaveConfirm: 'Salir',
    upgradeTitle: 'Organizaciones para equipos',
    size: '2,9 KiB',
    pendingEmpty: 'No hay invitaciones pendientes.',
  },
} as const

/** The members table's row of `email` (a table row on a desktop viewport). */
const memberRow = (page: Page, email: string) => page.getByTestId('member-row').filter({ hasText: email })

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: a Business owner invites a member who accepts, sees their usage, changes their role, and the member leaves`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000)
    const owner: LoginResult = await registerViaApi(request, newAccount('org-owner'))
    await buyPlanViaTestCheckout(request, owner, 'business')
    const memberAccount = newAccount('org-member')
    const member = await registerViaApi(request, memberAccount)
    const orgName = `Acme ${lang} ${memberAccount.email.slice(11, 19)}`

    // The owner creates the organization from the page in the account menu.
    await storeLogin(page, owner)
    await page.goto(withLang('/'))
    await page.getByRole('banner').getByRole('button', { name: w.accountMenu }).click()
    await page.getByRole('menuitem', { name: w.organizationItem, exact: true }).click()
    await expect(page).toHaveURL(/\/organization$/)
    await page.getByRole('textbox', { name: w.nameLabel }).fill(orgName)
    await page.getByRole('button', { name: w.create }).click()
    await expect(page.getByTestId('organization-name')).toHaveText(orgName)
    await expect(page.getByTestId('organization-seats')).toHaveText(w.seats(1))
    await expect(page.getByTestId('organization-my-role')).toHaveText(w.owner)

    // …and invites the member by email.
    const invitations = page.getByTestId('organization-invitations')
    await invitations.getByRole('textbox', { name: w.emailLabel }).fill(member.user.email)
    await invitations.getByRole('combobox', { name: w.roleLabel }).selectOption('member')
    await invitations.getByRole('button', { name: w.sendInvite }).click()
    await expect(invitations.getByTestId('invite-sent')).toHaveText(w.sent(member.user.email))
    await expect(invitations.getByTestId('invitation-row')).toContainText(member.user.email)

    // The member opens the emailed link signed out, logs in and comes back to the invitation.
    const mail = await mailTo(member.user.email)
    const link = mail.links.find((href) => href.includes('/organization/join#token='))
    expect(link, mail.text).toBeTruthy()
    const invitationUrl = new URL(link ?? '')
    const memberContext = await browser.newContext()
    const memberPage = await memberContext.newPage()
    await memberPage.goto(`${withLang(invitationUrl.pathname)}${invitationUrl.hash}`)
    await expect(memberPage.getByTestId('join-invitation')).toHaveText(w.invited(owner.user.name, orgName))
    await memberPage.getByRole('link', { name: w.logIn, exact: true }).click()
    const dialog = memberPage.getByRole('dialog', { name: w.loginDialog })
    await dialog.getByRole('textbox', { name: w.email, exact: true }).fill(memberAccount.email)
    await dialog.getByRole('textbox', { name: w.password, exact: true }).fill(memberAccount.password)
    await dialog.getByRole('button', { name: w.submitLogin, exact: true }).click()
    await expect(memberPage).toHaveURL(/\/organization\/join$/)
    await expect(memberPage.getByTestId('join-invitation')).toHaveText(w.invited(owner.user.name, orgName))
    await memberPage.getByRole('button', { name: w.accept }).click()

    // Accepted: the member sees the organization, as a member.
    await expect(memberPage).toHaveURL(/\/organization$/)
    await expect(memberPage.getByTestId('organization-name')).toHaveText(orgName)
    await expect(memberPage.getByTestId('organization-my-role')).toHaveText(w.member)
    await expect(memberPage.getByTestId('organization-invitations')).toHaveCount(0)

    // The member sends something; the owner sees it in the member's usage, in the app's sizes.
    await seedTransfer(request, member.access_token, {
      title: 'Org usage',
      recipients: ['someone@e2e.ferry.test'],
      files: [{ name: 'notes.txt', body: 'x'.repeat(3000) }],
    })
    await page.goto(withLang('/organization'))
    const row = memberRow(page, member.user.email)
    await expect(row).toBeVisible()
    await expect(row.getByTestId('member-usage-transfers')).toHaveText('1')
    await expect(row.getByTestId('member-usage-stored')).toHaveText(w.size)
    await expect(page.getByTestId('organization-seats')).toHaveText(w.seats(2))
    await expect(page.getByTestId('invitations-empty')).toHaveText(w.pendingEmpty)

    // The owner makes the member an admin; the member sees the new role.
    const roleSelect = row.getByRole('combobox', { name: w.roleOf(member.user.name) })
    await roleSelect.selectOption('admin')
    await expect(roleSelect).toHaveValue('admin')
    await memberPage.reload()
    await expect(memberPage.getByTestId('organization-my-role')).toHaveText(w.admin)

    // The member leaves, after confirming, and is back on their own (free) plan.
    await memberPage.getByRole('button', { name: w.leave }).click()
    await memberPage.getByTestId('organization-leave-confirm').click()
    await expect(memberPage.getByTestId('organization-upgrade')).toContainText(w.upgradeTitle)

    // The owner's table no longer lists them.
    await page.reload()
    await expect(page.getByTestId('organization-seats')).toHaveText(w.seats(1))
    await expect(memberRow(page, member.user.email)).toHaveCount(0)
    await expect(memberRow(page, owner.user.email)).toBeVisible()
    await memberContext.close()
  })
}
