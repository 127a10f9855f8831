import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import { e2eAdmin, type LoginResult, loginViaApi, registerViaApi } from './fixtures/auth.js'
import { signedInPage } from './fixtures/room-pages.js'
import { expect, test } from './fixtures/rooms.js'

// Peer-to-peer tests: Chromium runs in a network namespace of the worker (fixtures/rooms.ts).
// One retry, and only for the tests that move bytes peer to peer: about one CI run in three met a
// transfer whose channel opened and then carried nothing (the receiver at "0 B of 20 MiB" for 90 s,
// 2026-12-05). That stall is an open bug of the direct transfer, written up in the README's known
// problems; a retry keeps it from hiding every other result, and Playwright reports it as flaky.
test.describe.configure({ timeout: 120_000, retries: 1 })

const headers = { 'X-Requested-With': 'XMLHttpRequest' }

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

async function createRoomViaModal(page: Page): Promise<string> {
  await page.goto('/?tab=direct')
  await page.getByRole('button', { name: 'Create Transfer Room' }).click()
  const modal = page.getByRole('dialog', { name: 'Create Transfer Room' })
  await expect(modal.getByLabel('Room Title')).toHaveValue('Direct Transfer Room')
  await expect(modal.getByLabel('Maximum Participants')).toHaveValue('5')
  await expect(modal.getByRole('combobox', { name: 'Room Duration' })).toHaveValue('2 hours')
  await modal.getByRole('button', { name: 'Create Room' }).click()
  await expect(page).toHaveURL(/\/room\/[0-9a-f-]{36}$/)
  await expect(modal).toBeHidden()
  return page.url().split('/room/')[1] ?? ''
}

async function sendFile(page: Page, recipientName: string, file: string) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: `Send File to ${recipientName}` }).click()
  await (await chooser).setFiles(file)
}

async function historyRows(page: Page) {
  await page.goto('/transfer-history')
  await expect(page.getByRole('heading', { name: 'Direct Transfer History' })).toBeVisible()
  return page.getByTestId('history-row')
}

test('A sends 20 MiB to B peer to peer, byte for byte; a visitor declines; both appear in history', async ({
  browser,
  request,
  baseURL,
  rtcDataDir,
}, testInfo) => {
  const base = baseURL ?? ''
  const alice = await registerViaApi(request, undefined, rtcDataDir)
  const bob = await registerViaApi(request, undefined, rtcDataDir)
  const bigFile = testInfo.outputPath('big-20mib.bin')
  const smallFile = testInfo.outputPath('small-note.txt')
  await writeFile(bigFile, randomBytes(20 * 1024 * 1024))
  await writeFile(smallFile, 'hello visitor')
  const bigHash = await sha256File(bigFile)

  const a = await signedInPage(browser, alice, base)
  // Runs with real time, until the notices' lifetimes are checked below.
  await a.clock.install()
  const roomId = await createRoomViaModal(a)
  await expect(a.getByTestId('participant').filter({ hasText: alice.user.name })).toContainText('Host')

  // B opens the other path form and joins as their account.
  const b = await signedInPage(browser, bob, base)
  await b.goto(`/rooms/${roomId}`)
  await b.getByRole('button', { name: 'Join Room' }).click()
  await expect(b.getByTestId('participant')).toHaveCount(2)

  // A visitor joins with a display name.
  const visitorContext = await browser.newContext({ baseURL: base })
  const v = await visitorContext.newPage()
  await v.goto(`/room/${roomId}`)
  await v.getByLabel('Your name').fill('Visitor Vic')
  await v.getByRole('button', { name: 'Join Room' }).click()
  await expect(v.getByTestId('participant')).toHaveCount(3)
  await expect(a.getByTestId('participant')).toHaveCount(3)
  await expect(a.getByText('Visitor Vic joined the room')).toBeVisible()

  // A → B: 20 MiB, accepted, verified.
  await sendFile(a, bob.user.name, bigFile)
  const request1 = b.getByTestId('incoming-request')
  await expect(request1).toContainText(`${alice.user.name} wants to send you big-20mib.bin (20 MiB)`)
  await request1.getByRole('button', { name: 'Accept' }).click()
  await expect(a.getByText(`${bob.user.name} accepted big-20mib.bin`)).toBeVisible()
  const receiverCard = b.getByTestId('transfer-card').filter({ hasText: 'big-20mib.bin' })
  const senderCard = a.getByTestId('transfer-card').filter({ hasText: 'big-20mib.bin' })
  await expect(receiverCard).toHaveAttribute('data-phase', 'completed', { timeout: 90_000 })
  await expect(senderCard).toHaveAttribute('data-phase', 'completed', { timeout: 30_000 })
  await expect(receiverCard.getByTestId('transfer-progress')).toContainText('20 MiB of 20 MiB · 100%')
  await expect(senderCard.getByTestId('transfer-status')).toContainText(/Completed at [\d.]+ (MiB|KiB)\/s/)
  const download = b.waitForEvent('download')
  await receiverCard.getByRole('link', { name: 'Download' }).click()
  const saved = await (await download).path()
  expect(await sha256File(saved)).toBe(bigHash)

  // A → visitor: declined.
  await sendFile(a, 'Visitor Vic', smallFile)
  const request2 = v.getByTestId('incoming-request')
  await expect(request2).toContainText(`${alice.user.name} wants to send you small-note.txt`)
  await request2.getByRole('button', { name: 'Decline' }).click()
  await expect(request2).toBeHidden()
  const declined = a
    .getByTestId('room-notification-response')
    .filter({ hasText: 'Visitor Vic declined small-note.txt' })
  await expect(declined).toBeVisible()
  // Response notices stay past the 5 s other notices live.
  await a.clock.runFor(5_500)
  await expect(declined).toBeVisible()
  await expect(a.getByText('Visitor Vic joined the room')).toBeHidden()

  // History: A sent both; B received one.
  const aRows = await historyRows(a)
  await expect(aRows).toHaveCount(2)
  await expect(aRows.filter({ hasText: 'big-20mib.bin' })).toContainText('Sent')
  await expect(aRows.filter({ hasText: 'big-20mib.bin' })).toContainText('Completed')
  await expect(aRows.filter({ hasText: 'big-20mib.bin' })).toContainText('20 MiB')
  await expect(aRows.filter({ hasText: 'small-note.txt' })).toContainText('Rejected')
  await expect(aRows.filter({ hasText: 'small-note.txt' })).toContainText('N/A')
  await expect(a.getByTestId('history-summary')).toContainText('Total Transfers: 2')
  await expect(a.getByTestId('history-summary')).toContainText('Completed: 1')
  await expect(a.getByTestId('history-summary')).toContainText('Total Data: 20 MiB')
  const bRows = await historyRows(b)
  await expect(bRows).toHaveCount(1)
  await expect(bRows.first()).toContainText('Received')
  await expect(bRows.first()).toContainText('Completed')
  await expect(bRows.first()).toContainText('application/octet-stream')
})

async function apiRoomWithDeclinedTransfer(request: APIRequestContext, alice: LoginResult, bob: LoginResult) {
  const auth = (login: LoginResult) => ({ ...headers, Authorization: `Bearer ${login.access_token}` })
  const room = await request.post('/api/rooms', { data: { title: 'History room' }, headers: auth(alice) })
  expect(room.status(), await room.text()).toBe(201)
  const { id } = (await room.json()) as { id: string }
  const join = await request.post(`/api/rooms/${id}/join`, { data: {}, headers: auth(bob) })
  expect(join.ok(), await join.text()).toBe(true)
  const initiate = await request.post(`/api/rooms/${id}/initiate-transfer`, {
    data: { recipient_id: bob.user.id, file_name: 'quarterly.pdf', file_size: 1536, mime_type: 'application/pdf' },
    headers: auth(alice),
  })
  expect(initiate.ok(), await initiate.text()).toBe(true)
  const { transfer_id } = (await initiate.json()) as { transfer_id: string }
  const respond = await request.post(`/api/transfers/${transfer_id}/respond`, {
    data: { transfer_id, accept: false },
    headers: auth(bob),
  })
  expect(respond.ok(), await respond.text()).toBe(true)
}

/** A direct transfer of 1536 bytes that Bob accepted and completed at 6.1 MiB/s, made over the API. */
async function apiCompletedTransfer(
  request: APIRequestContext,
  alice: LoginResult,
  bob: LoginResult,
  fileName: string,
) {
  const auth = (login: LoginResult) => ({ ...headers, Authorization: `Bearer ${login.access_token}` })
  const room = await request.post('/api/rooms', { data: { title: 'Figures room' }, headers: auth(alice) })
  expect(room.status(), await room.text()).toBe(201)
  const { id } = (await room.json()) as { id: string }
  expect((await request.post(`/api/rooms/${id}/join`, { data: {}, headers: auth(bob) })).ok()).toBe(true)
  const initiate = await request.post(`/api/rooms/${id}/initiate-transfer`, {
    data: { recipient_id: bob.user.id, file_name: fileName, file_size: 1536, mime_type: 'application/pdf' },
    headers: auth(alice),
  })
  expect(initiate.ok(), await initiate.text()).toBe(true)
  const { transfer_id } = (await initiate.json()) as { transfer_id: string }
  const respond = await request.post(`/api/transfers/${transfer_id}/respond`, {
    data: { transfer_id, accept: true },
    headers: auth(bob),
  })
  expect(respond.ok(), await respond.text()).toBe(true)
  const done = await request.post(`/api/transfers/${transfer_id}/status`, {
    data: { status: 'completed', transfer_speed: 6.1 },
    headers: auth(bob),
  })
  expect(done.ok(), await done.text()).toBe(true)
}

// Walk ES.2 and ES.4: the default title is the creator's language (and every guest sees it), and
// sizes and speeds follow the UI's language ('6,1 MiB/s' in Spanish, never '6.1' beside '8,2').
const roomCopy = {
  en: {
    create: 'Create Transfer Room',
    titleLabel: 'Room Title',
    defaultTitle: 'Direct Transfer Room',
    submit: 'Create Room',
    size: '1.5 KiB',
    speed: '6.1 MiB/s',
  },
  es: {
    create: 'Crear sala de transferencia',
    titleLabel: 'Título de la sala',
    defaultTitle: 'Sala de transferencia directa',
    submit: 'Crear sala',
    size: '1,5 KiB',
    speed: '6,1 MiB/s',
  },
} as const

for (const lng of ['en', 'es'] as const) {
  test(`${lng}: a room created from the UI takes the default title of its language, for every guest; figures follow the language`, async ({
    browser,
    request,
    baseURL,
    rtcDataDir,
  }) => {
    const copy = roomCopy[lng]
    const base = baseURL ?? ''
    const alice = await registerViaApi(request, undefined, rtcDataDir)
    const bob = await registerViaApi(request, undefined, rtcDataDir)
    const page = await signedInPage(browser, alice, base)
    await page.goto(`/?tab=direct&lng=${lng}`)
    await page.getByRole('button', { name: copy.create }).click()
    const modal = page.getByRole('dialog', { name: copy.create })
    await expect(modal.getByLabel(copy.titleLabel)).toHaveValue(copy.defaultTitle)
    await modal.getByRole('button', { name: copy.submit }).click()
    await expect(page).toHaveURL(/\/room\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: copy.defaultTitle })).toBeVisible()
    const roomId = page.url().split('/room/')[1] ?? ''

    // A visitor reading the other language still sees the title the room was given.
    const other = lng === 'en' ? 'es' : 'en'
    const visitorContext = await browser.newContext({ baseURL: base })
    const visitor = await visitorContext.newPage()
    await visitor.goto(`/room/${roomId}?lng=${other}`)
    await expect(visitor.getByRole('heading', { level: 2 }).filter({ hasText: copy.defaultTitle })).toBeVisible()

    // The history's size and speed in the page's language.
    const fileName = `figures-${lng}.pdf`
    await apiCompletedTransfer(request, alice, bob, fileName)
    await page.goto(`/transfer-history?lng=${lng}`)
    const row = page.getByTestId('history-row').filter({ hasText: fileName })
    await expect(row).toContainText(copy.size)
    await expect(row).toContainText(copy.speed)
  })
}

test('history: empty state, then search and status filter', async ({ browser, request, baseURL, rtcDataDir }) => {
  const alice = await registerViaApi(request, undefined, rtcDataDir)
  const bob = await registerViaApi(request, undefined, rtcDataDir)
  const page = await signedInPage(browser, alice, baseURL ?? '')
  await page.goto('/?tab=direct')
  await page.getByRole('link', { name: 'Direct Transfer History' }).click()
  await expect(page).toHaveURL(/\/transfer-history$/)
  await expect(page.getByText('View all your peer-to-peer file transfers')).toBeVisible()
  await expect(page.getByTestId('history-empty')).toContainText('No transfers found')
  await expect(page.getByTestId('history-empty')).toContainText(
    "You haven't made any direct transfers yet. Create a room to start sharing files!",
  )
  await expect(page.getByTestId('history-summary')).toContainText('Total Transfers: 0')

  await apiRoomWithDeclinedTransfer(request, alice, bob)
  const rows = await historyRows(page)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('quarterly.pdf')
  await expect(rows.first()).toContainText('application/pdf')
  await expect(rows.first()).toContainText('1.5 KiB')
  await expect(rows.first().locator('[data-status="rejected"]')).toHaveText('Rejected')

  await page.getByPlaceholder('Search by filename...').fill('nothing-like-it')
  await expect(page.getByTestId('history-empty')).toContainText('No transfers match your current filters.')
  await page.getByPlaceholder('Search by filename...').fill('QUARTER')
  await expect(rows).toHaveCount(1)
  await page.getByTestId('history-status').click()
  await page.getByRole('option', { name: 'Completed' }).click()
  await expect(page.getByTestId('history-empty')).toContainText('No transfers match your current filters.')
  await page.getByTestId('history-status').click()
  await page.getByRole('option', { name: 'Rejected' }).click()
  await expect(rows).toHaveCount(1)
})

test('in Spanish: the room and the history', async ({ browser, request, baseURL, rtcDataDir }) => {
  const alice = await registerViaApi(request, undefined, rtcDataDir)
  const bob = await registerViaApi(request, undefined, rtcDataDir)
  await apiRoomWithDeclinedTransfer(request, alice, bob)
  const page = await signedInPage(browser, alice, baseURL ?? '')
  await page.goto('/?tab=direct&lng=es')
  await page.getByRole('button', { name: 'Crear sala de transferencia' }).click()
  const modal = page.getByRole('dialog', { name: 'Crear sala de transferencia' })
  await expect(modal.getByRole('combobox', { name: 'Duración de la sala' })).toHaveValue('2 horas')
  await modal.getByRole('button', { name: 'Crear sala' }).click()
  await expect(page).toHaveURL(/\/room\//)
  await expect(page.getByRole('heading', { name: 'Participantes' })).toBeVisible()
  await expect(page.getByTestId('participant')).toContainText('Anfitrión')
  await expect(page.getByRole('link', { name: 'Volver al panel' })).toBeVisible()
  await expect(page.getByText('Aún no hay nadie más.', { exact: false })).toBeVisible()

  await page.goto('/transfer-history')
  await expect(page.getByRole('heading', { name: 'Historial de transferencias directas' })).toBeVisible()
  await expect(page.getByPlaceholder('Buscar por nombre de archivo...')).toBeVisible()
  const row = page.getByTestId('history-row')
  await expect(row).toContainText('Enviada')
  await expect(row).toContainText('Rechazada')
  await expect(row).toContainText('N/D')
  await expect(page.getByTestId('history-summary')).toContainText('Transferencias totales: 1')
})

test('video chat on a Guest plan: the host is offered the upgrade, a visitor is only told (issue 17)', async ({
  browser,
  request,
  baseURL,
  rtcDataDir,
}) => {
  const alice = await registerViaApi(request, undefined, rtcDataDir)
  const page = await signedInPage(browser, alice, baseURL ?? '')
  const roomId = await createRoomViaModal(page)
  const hostNotice = page.getByTestId('video-unavailable')
  await expect(hostNotice).toContainText('Video and audio chat is not included in your plan.')
  await expect(hostNotice.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', /^\/upgrade/)

  const visitor = await (await browser.newContext({ baseURL: baseURL ?? '' })).newPage()
  await visitor.goto(`/room/${roomId}`)
  await visitor.getByLabel('Your name').fill('Guest Gina')
  await visitor.getByRole('button', { name: 'Join Room' }).click()
  const unavailable = visitor.getByTestId('video-unavailable')
  await expect(unavailable).toContainText('Video chat is not available in this room.')
  await expect(unavailable.getByRole('link')).toHaveCount(0)
  await expect(visitor.getByRole('button', { name: 'Join Video Chat' })).toHaveCount(0)
})

test('video chat: two members whose plan has video see each other', async ({
  browser,
  request,
  baseURL,
  rtcDataDir,
}) => {
  const admin = await loginViaApi(request, e2eAdmin.email, e2eAdmin.password)
  const adminHeaders = { ...headers, Authorization: `Bearer ${admin.access_token}` }
  const plans = (await (await request.get('/api/plans', { headers })).json()) as {
    id: string
    supports_video_audio: boolean
  }[]
  const videoPlan = plans.find((plan) => plan.supports_video_audio)
  expect(videoPlan, 'a plan with supports_video_audio').toBeDefined()
  const alice = await registerViaApi(request, undefined, rtcDataDir)
  const bob = await registerViaApi(request, undefined, rtcDataDir)
  for (const login of [alice, bob]) {
    const grant = await request.post('/api/billing/subscriptions', {
      data: { user_id: login.user.id, plan_id: videoPlan?.id },
      headers: adminHeaders,
    })
    expect(grant.ok(), await grant.text()).toBe(true)
  }
  const auth = (login: LoginResult) => ({ ...headers, Authorization: `Bearer ${login.access_token}` })
  const { id } = (await (
    await request.post('/api/rooms', { data: { title: 'Call room' }, headers: auth(alice) })
  ).json()) as { id: string }
  // Bob joins from his page, not the API: a member with no socket is released after the
  // presence grace (5 s), which a slow machine can spend opening the two browsers.
  const pages = [await signedInPage(browser, alice, baseURL ?? ''), await signedInPage(browser, bob, baseURL ?? '')]
  await pages[0]?.goto(`/room/${id}`)
  await pages[1]?.goto(`/room/${id}`)
  await pages[1]?.getByRole('button', { name: 'Join Room' }).click()
  for (const page of pages) await expect(page.getByTestId('participant')).toHaveCount(2, { timeout: 15_000 })
  for (const page of pages) await page.getByRole('button', { name: 'Join Video Chat' }).click()
  for (const [page, other] of [
    [pages[0], bob],
    [pages[1], alice],
  ] as const) {
    const remote = page?.getByRole('region', { name: 'Video Chat' }).locator(`video[aria-label="${other.user.name}"]`)
    if (!page || !remote) throw new Error('no page')
    await expect(remote).toHaveCount(1, { timeout: 30_000 })
    await expect
      .poll(() => remote.evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 30_000 })
      .toBeGreaterThan(0)
    await expect(page.getByRole('button', { name: 'Leave Video Chat' })).toBeVisible()
  }
})

test('the receiver cancels a running transfer: both sides and the history say Canceled', async ({
  browser,
  request,
  baseURL,
  rtcDataDir,
}, testInfo) => {
  const alice = await registerViaApi(request, undefined, rtcDataDir)
  const bob = await registerViaApi(request, undefined, rtcDataDir)
  const file = testInfo.outputPath('cancel-me.bin')
  await writeFile(file, randomBytes(96 * 1024 * 1024))
  const a = await signedInPage(browser, alice, baseURL ?? '')
  const roomId = await createRoomViaModal(a)
  const b = await signedInPage(browser, bob, baseURL ?? '')
  await b.goto(`/room/${roomId}`)
  await b.getByRole('button', { name: 'Join Room' }).click()
  await expect(a.getByTestId('participant')).toHaveCount(2)

  await sendFile(a, bob.user.name, file)
  await b.getByTestId('incoming-request').getByRole('button', { name: 'Accept' }).click()
  const receiverCard = b.getByTestId('transfer-card').filter({ hasText: 'cancel-me.bin' })
  const senderCard = a.getByTestId('transfer-card').filter({ hasText: 'cancel-me.bin' })
  await expect(receiverCard).toHaveAttribute('data-phase', 'transferring', { timeout: 30_000 })
  await receiverCard.getByRole('button', { name: 'Cancel' }).click()
  await expect(receiverCard.getByTestId('transfer-status')).toHaveText('Canceled')
  await expect(senderCard.getByTestId('transfer-status')).toHaveText('Canceled')
  await expect(receiverCard.getByRole('link', { name: 'Download' })).toHaveCount(0)

  const rows = await historyRows(a)
  await expect(rows.filter({ hasText: 'cancel-me.bin' }).locator('[data-status="canceled"]')).toHaveText('Canceled')
})
