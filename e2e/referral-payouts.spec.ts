import { loginViaApi, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { buyPlanViaTestCheckout } from './fixtures/billing.js'
import { expect, test } from './fixtures/test.js'

const apiHeaders = (token: string) => ({ 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` })

test('an admin approves and pays a referral payout; the inviter sees it earned', async ({
  page,
  browser,
  request,
  workerAdmin,
}) => {
  test.setTimeout(90_000)
  const inviter = await registerViaApi(request, newAccount('payout-inviter'))
  await buyPlanViaTestCheckout(request, inviter, 'pro')
  const created = await request.post('/api/referrals', {
    headers: apiHeaders(inviter.access_token),
    data: { inviter_user_id: inviter.user.id },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { invite_code: code } = (await created.json()) as { invite_code: string }
  const invitee = await registerViaApi(request, newAccount('payout-invitee'))
  await buyPlanViaTestCheckout(request, invitee, 'pro', 'yearly', code)

  const admin = await loginViaApi(request, workerAdmin.email, workerAdmin.password)
  await storeLogin(page, admin)
  await page.goto('/admin?tab=payouts')
  const row = page.locator(`[data-testid="payout-row"][data-code="${code}"]`)
  await expect(row).toContainText(invitee.user.email, { timeout: 15_000 })
  await expect(row.getByTestId('payout-status')).toHaveText('Pending')
  await row.getByRole('button', { name: 'Approve' }).click()
  await expect(row.getByTestId('payout-status')).toHaveText('Approved')
  await row.getByRole('button', { name: 'Mark paid' }).click()
  await expect(row.getByTestId('payout-status')).toHaveText('Paid')
  await expect(row.getByRole('button')).toHaveCount(0)

  const inviterContext = await browser.newContext()
  const inviterPage = await inviterContext.newPage()
  await storeLogin(inviterPage, inviter)
  await inviterPage.goto('/invite')
  await expect(inviterPage.getByTestId('stat-earned')).toHaveText('€35', { timeout: 15_000 })
  await expect(inviterPage.getByTestId('stat-pending')).toHaveText('€0')
  await inviterContext.close()
})
