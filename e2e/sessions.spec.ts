import type { Browser, Page } from '@playwright/test'
import {
  type LoginResult,
  loginViaApi,
  newAccount,
  registerViaApi,
  storedLogin,
  storeLogin,
  tokenIsValid,
} from './fixtures/auth.js'
import { expect, test } from './fixtures/test.js'

/** A browser of its own (its own cookie jar), signed in with a login of its own. */
async function device(browser: Browser, login: LoginResult): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await storeLogin(page, login)
  return page
}

const texts = {
  en: {
    profile: 'Your Profile',
    button: 'Log out of all devices',
    confirmTitle: 'Log out of all devices?',
    cancel: 'Cancel',
    login: 'Login',
  },
  es: {
    profile: 'Tu perfil',
    button: 'Cerrar sesión en todos los dispositivos',
    confirmTitle: '¿Cerrar sesión en todos los dispositivos?',
    cancel: 'Cancelar',
    login: 'Iniciar sesión',
  },
} as const

for (const [language, t] of Object.entries(texts)) {
  test(`${language}: log out of all devices in one browser ends the session in another`, async ({
    browser,
    request,
  }) => {
    const account = newAccount(`everywhere-${language}`)
    await registerViaApi(request, account)
    const laptopLogin = await loginViaApi(request, account.email, account.password)
    const phoneLogin = await loginViaApi(request, account.email, account.password)
    const laptop = await device(browser, laptopLogin)
    const phone = await device(browser, phoneLogin)
    try {
      await phone.goto(`/profile?lng=${language}`)
      await expect(phone.getByRole('heading', { name: t.profile })).toBeVisible()

      await laptop.goto(`/profile?lng=${language}`)
      await expect(laptop.getByRole('heading', { name: t.profile })).toBeVisible()
      // Asked first; cancelling keeps everyone signed in.
      await laptop.getByRole('button', { name: t.button }).click()
      const dialog = laptop.getByRole('dialog', { name: t.confirmTitle })
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: t.cancel }).click()
      await expect(dialog).toBeHidden()
      expect(await tokenIsValid(request, laptopLogin.access_token)).toBe(true)

      await laptop.getByRole('button', { name: t.button }).click()
      await laptop.getByRole('dialog', { name: t.confirmTitle }).getByRole('button', { name: t.button }).click()
      await expect(laptop).toHaveURL(/127\.0\.0\.1:\d+\/(\?.*)?$/)
      await expect(laptop.getByRole('banner').getByRole('button', { name: t.login })).toBeVisible()
      expect(await storedLogin(laptop)).toEqual({ token: null, user: null, scriptToken: null })

      // The other browser still holds its cookie, which the server now refuses.
      expect(await tokenIsValid(request, phoneLogin.access_token)).toBe(false)
      expect(await tokenIsValid(request, laptopLogin.access_token)).toBe(false)
      await phone.goto(`/profile?lng=${language}`)
      await expect(phone).toHaveURL(/\/login\?next=%2Fprofile/)
      expect((await storedLogin(phone)).user).toBeNull()

      // Signing in again works.
      expect(
        await tokenIsValid(request, (await loginViaApi(request, account.email, account.password)).access_token),
      ).toBe(true)
    } finally {
      await laptop.context().close()
      await phone.context().close()
    }
  })
}
