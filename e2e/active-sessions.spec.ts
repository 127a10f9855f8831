import { newAccount, registerViaApi, storeLogin, tokenIsValid } from './fixtures/auth.js'
import { expect, test } from './fixtures/test.js'

// Issue 23 item 4: the profile's list of sessions, in English and Spanish. The account is signed
// in here and on a phone; the phone's session is signed out from the list, and its token stops
// working at once while this browser stays signed in.

const texts = {
  en: { thisDevice: 'This device', signOut: 'Sign out', phone: 'Safari on iOS' },
  es: { thisDevice: 'Este dispositivo', signOut: 'Cerrar sesión', phone: 'Safari on iOS' },
} as const

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

for (const lang of ['en', 'es'] as const) {
  const t = texts[lang]

  test(`[${lang}] a session on another device is signed out from the profile`, async ({ page, request }) => {
    const account = { ...newAccount(`sessions-${lang}`), language: lang }
    const login = await registerViaApi(request, account)
    const phoneLogin = await request.post('/auth/login', {
      data: { email: account.email, password: account.password },
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'User-Agent': iphone },
    })
    expect(phoneLogin.status()).toBe(200)
    const phoneToken = ((await phoneLogin.json()) as { access_token: string }).access_token

    await storeLogin(page, login)
    await page.goto(`/profile?lng=${lang}`)
    const card = page.getByTestId('sign-in-and-security').getByTestId('active-sessions')
    const phone = card.getByTestId('active-session').filter({ hasText: t.phone })
    await expect(phone).toHaveCount(1)
    await expect(card.getByTestId('active-session').filter({ hasText: t.thisDevice })).toHaveCount(1)

    await phone.getByRole('button', { name: t.signOut }).click()
    await expect(phone).toHaveCount(0)
    expect(await tokenIsValid(request, phoneToken)).toBe(false)
    expect(await tokenIsValid(request, login.access_token)).toBe(true)
    await expect(card.getByTestId('active-session').filter({ hasText: t.thisDevice })).toHaveCount(1)
  })
}
