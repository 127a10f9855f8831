import type { Browser, Page } from '@playwright/test'
import { registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect, test } from './fixtures/test.js'

// Issue 17 item 3, rooms that tell the truth, without WebRTC (no file goes peer to peer here):
// who is listed, leaving, closing, the invite, the video-chat notice and bad links.

const strings = {
  en: {
    youLeft: 'You left the room.',
    leave: 'Leave room',
    close: 'Close room',
    closeTitle: 'Close this room?',
    ended: 'This room has expired.',
    join: 'Join Room',
    yourName: 'Your name',
    copy: 'Copy link',
    copied: 'Copied',
    qr: 'QR code',
    qrLabel: 'QR code of the room invite link',
    noVideoHere: 'Video chat is not available in this room.',
    invalid: 'This is not a valid room link. Check that you copied the whole link.',
    notFound: 'Room not found',
    home: 'Go to Homepage',
    joinVideo: 'Join Video Chat',
    videoNotInPlan: /Video and audio chat is not included in your plan \(Free\)/,
    noTransfers: 'No transfers yet. Choose a participant and press Send File.',
  },
  es: {
    youLeft: 'Has salido de la sala.',
    leave: 'Salir de la sala',
    close: 'Cerrar sala',
    closeTitle: '¿Cerrar esta sala?',
    ended: 'Esta sala ha caducado.',
    join: 'Unirse a la sala',
    yourName: 'Tu nombre',
    copy: 'Copiar enlace',
    copied: 'Copiado',
    qr: 'Código QR',
    qrLabel: 'Código QR del enlace de invitación a la sala',
    noVideoHere: 'El chat de vídeo no está disponible en esta sala.',
    invalid: 'Este enlace de sala no es válido. Comprueba que has copiado el enlace completo.',
    notFound: 'Sala no encontrada',
    home: 'Ir a la página de inicio',
    joinVideo: 'Unirse a la videollamada',
    videoNotInPlan: /El chat de vídeo y audio no está incluido en tu plan \(Gratis\)/,
    noTransfers: 'Aún no hay transferencias. Elige un participante y pulsa Enviar archivo.',
  },
} as const

async function guestJoins(browser: Browser, url: string, name: string, s: (typeof strings)['en' | 'es']) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(url)
  await page.getByLabel(s.yourName).fill(name)
  await page.getByRole('button', { name: s.join }).click()
  await expect(page.getByTestId('participant').filter({ hasText: name })).toBeVisible()
  return page
}

const participant = (page: Page, name: string) => page.getByTestId('participant').filter({ hasText: name })

for (const lng of ['en', 'es'] as const) {
  test(`${lng}: a guest who closes the tab is gone for the others within 10 s; Leave room, Close room, the invite`, async ({
    page,
    browser,
    context,
  }) => {
    test.setTimeout(90_000)
    const s = strings[lng]
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const host = await registerViaApi(page.request)
    await storeLogin(page, host)
    const created = await page.request.post('/api/rooms', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { title: 'Truthful room', max_participants: 3 },
    })
    expect(created.status(), await created.text()).toBe(201)
    const roomId = ((await created.json()) as { id: string }).id
    await page.goto(`/room/${roomId}?lng=${lng}`)
    await expect(participant(page, host.user.name)).toBeVisible()
    await expect(page.getByTestId('no-transfers')).toHaveText(s.noTransfers)

    // The invite: the room's link, a Copy button, and a QR code of the same link.
    const invite = page.getByTestId('room-invite')
    const url = new URL(`/room/${roomId}`, page.url()).toString()
    await expect(invite.getByTestId('room-invite-link')).toHaveValue(url)
    await invite.getByRole('button', { name: s.copy }).click()
    await expect(invite.getByRole('button', { name: s.copied })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
    await invite.getByRole('button', { name: s.qr }).click()
    await expect(invite.getByRole('img', { name: s.qrLabel })).toBeVisible()

    // A guest joins, then closes the tab: they leave the host's list within 10 s (the seat too).
    const closer = await guestJoins(browser, `${url}?lng=${lng}`, 'Tab Closer', s)
    // A visitor is not sold a plan in someone else's room.
    await expect(closer.getByTestId('video-unavailable')).toHaveText(s.noVideoHere)
    await expect(participant(page, 'Tab Closer')).toBeVisible()
    await closer.context().close()
    await expect(participant(page, 'Tab Closer')).toHaveCount(0, { timeout: 10_000 })

    // Another guest presses Leave room: gone at once, for everyone.
    const leaver = await guestJoins(browser, `${url}?lng=${lng}`, 'Lea Leaver', s)
    await expect(participant(page, 'Lea Leaver')).toBeVisible()
    await leaver.getByRole('button', { name: s.leave }).click()
    await expect(leaver.getByRole('heading', { name: s.youLeft })).toBeVisible()
    await expect(leaver.getByRole('link', { name: s.home })).toBeVisible()
    await expect(participant(page, 'Lea Leaver')).toHaveCount(0, { timeout: 5_000 })

    // The host closes the room, after a confirmation; a guest still inside sees it end.
    const stayer = await guestJoins(browser, `${url}?lng=${lng}`, 'Sam Stayer', s)
    await expect(page.getByRole('button', { name: s.leave })).toHaveCount(0)
    await page.getByRole('button', { name: s.close }).click()
    const dialog = page.getByRole('dialog', { name: s.closeTitle })
    await dialog.getByRole('button', { name: s.close }).click()
    await expect(page.getByTestId('room-ended')).toContainText(s.ended)
    await expect(stayer.getByTestId('room-ended')).toContainText(s.ended)
    await expect(page.getByRole('button', { name: s.close })).toHaveCount(0)
    await leaver.context().close()
    await stayer.context().close()
  })

  test(`${lng}: bad room links say so with a way home; Join Video Chat on the free plan says it is not included`, async ({
    page,
  }) => {
    const s = strings[lng]
    await page.goto(`/room/not-a-room?lng=${lng}`)
    await expect(page.getByTestId('room-invalid')).toContainText(s.invalid)
    await page.goto(`/room/00000000-0000-4000-8000-000000000000?lng=${lng}`)
    await expect(page.getByTestId('room-not-found').getByRole('heading', { name: s.notFound })).toBeVisible()
    await page.getByTestId('room-not-found').getByRole('link', { name: s.home }).click()
    await expect(page).toHaveURL(/\/(\?.*)?$/)

    await storeLogin(page, await registerViaApi(page.request))
    await page.goto(`/?tab=direct&lng=${lng}`)
    await page.getByRole('button', { name: s.joinVideo }).click()
    await expect(page.getByTestId('video-not-in-plan')).toContainText(s.videoNotInPlan)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
}
