import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { roomOfTwo } from './fixtures/room-pages.js'
import { expect, test } from './fixtures/rooms.js'

// Issue 24 item 4: several files and folders in one offer, and a transfer that resumes after
// its connection drops. Chromium runs in a network namespace of the worker (fixtures/rooms.ts).
// One retry, and only for the tests that move bytes peer to peer: about one CI run in three met a
// transfer whose channel opened and then carried nothing (the receiver at "0 B of 20 MiB" for 90 s,
// 2026-12-05). The sender's stall watch now makes such a connection again (the last test here);
// its cause is still unknown (README, known problems), so the retry stays until CI shows no more.
test.describe.configure({ timeout: 180_000, retries: 1 })

const MiB = 1024 * 1024

const copy = {
  en: {
    sendFile: (name: string) => `Send File to ${name}`,
    sendFolder: (name: string) => `Send Folder to ${name}`,
    accept: 'Accept',
    received: (n: number) => `${n} files received`,
    download: 'Download',
    resumed: 'Resumed after 1 dropped connection',
  },
  es: {
    sendFile: (name: string) => `Enviar archivo a ${name}`,
    sendFolder: (name: string) => `Enviar carpeta a ${name}`,
    accept: 'Aceptar',
    received: (n: number) => `${n} archivos recibidos`,
    download: 'Descargar',
    resumed: 'Reanudada tras 1 conexión perdida',
  },
} as const

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Saves every file the receiver's card lists and returns name → SHA-256. */
async function downloadAll(b: Page, count: number): Promise<Map<string, string>> {
  const links = b.getByTestId('received-files').getByRole('link')
  await expect(links).toHaveCount(count)
  const hashes = new Map<string, string>()
  for (let i = 0; i < count; i++) {
    const download = b.waitForEvent('download')
    await links.nth(i).click()
    const saved = await download
    hashes.set((await links.nth(i).textContent())?.trim() ?? '', await sha256File((await saved.path()) ?? ''))
  }
  return hashes
}

for (const lng of ['en', 'es'] as const) {
  const t = copy[lng]

  test(`${lng}: several files, then a folder, in one offer each arrive byte for byte`, async ({
    browser,
    request,
    baseURL,
    rtcDataDir,
  }, testInfo) => {
    const { bob, a, b } = await roomOfTwo(browser, request, baseURL ?? '', rtcDataDir, lng)
    const loose = ['one.bin', 'two.txt', 'three.bin'].map((name) => testInfo.outputPath(name))
    await writeFile(loose[0] ?? '', randomBytes(3 * MiB + 17))
    await writeFile(loose[1] ?? '', 'a small note')
    await writeFile(loose[2] ?? '', randomBytes(MiB))
    const expected = new Map<string, string>()
    for (const file of loose) expected.set(path.basename(file), await sha256File(file))

    const chooser = a.waitForEvent('filechooser')
    await a.getByRole('button', { name: t.sendFile(bob.user.name) }).click()
    await (await chooser).setFiles(loose)
    const request1 = b.getByTestId('incoming-request')
    await expect(request1).toContainText('one.bin, two.txt, three.bin')
    await request1.getByRole('button', { name: t.accept }).click()
    const card = b.getByTestId('transfer-card').filter({ hasText: 'one.bin, two.txt, three.bin' })
    await expect(card).toHaveAttribute('data-phase', 'completed', { timeout: 90_000 })
    await expect(card.getByTestId('received-files')).toContainText(t.received(3))
    expect(await downloadAll(b, 3)).toEqual(expected)

    // A folder with a subfolder: each file keeps its path.
    const folder = testInfo.outputPath('album')
    await mkdir(path.join(folder, 'raw'), { recursive: true })
    await writeFile(path.join(folder, 'cover.jpg'), randomBytes(200_000))
    await writeFile(path.join(folder, 'raw', 'take-1.wav'), randomBytes(2 * MiB + 5))
    const folderChooser = a.waitForEvent('filechooser')
    await a.getByRole('button', { name: t.sendFolder(bob.user.name) }).click()
    await (await folderChooser).setFiles(folder)
    const request2 = b.getByTestId('incoming-request')
    await expect(request2).toContainText('album')
    await request2.getByRole('button', { name: t.accept }).click()
    const folderCard = b.getByTestId('transfer-card').filter({ hasText: 'album' })
    await expect(folderCard).toHaveAttribute('data-phase', 'completed', { timeout: 90_000 })
    const links = folderCard.getByTestId('received-files').getByRole('link')
    await expect(links).toHaveCount(2)
    await expect(folderCard.getByTestId('received-files')).toContainText('album/cover.jpg')
    await expect(folderCard.getByTestId('received-files')).toContainText('album/raw/take-1.wav')
    for (const [name, file] of [
      ['album/cover.jpg', path.join(folder, 'cover.jpg')],
      ['album/raw/take-1.wav', path.join(folder, 'raw', 'take-1.wav')],
    ] as const) {
      const download = b.waitForEvent('download')
      await links.filter({ hasText: name }).click()
      expect(await sha256File((await (await download).path()) ?? '')).toBe(await sha256File(file))
    }
  })

  test(`${lng}: a dropped connection resumes from the last verified block, byte for byte`, async ({
    browser,
    request,
    baseURL,
    rtcDataDir,
  }, testInfo) => {
    // The receiver's peer connections, and the file bytes each one's channel delivered.
    const { bob, a, b } = await roomOfTwo(browser, request, baseURL ?? '', rtcDataDir, lng, (page) =>
      page.addInitScript(() => {
        const Native = window.RTCPeerConnection
        const w = window as unknown as { peers: RTCPeerConnection[]; bytesIn: number[] }
        w.peers = []
        w.bytesIn = []
        window.RTCPeerConnection = class extends Native {
          constructor(config?: RTCConfiguration) {
            super(config)
            const index = w.peers.push(this) - 1
            w.bytesIn[index] = 0
            this.addEventListener('datachannel', (event) =>
              event.channel.addEventListener('message', (message) => {
                if (typeof message.data !== 'string')
                  w.bytesIn[index] = (w.bytesIn[index] ?? 0) + message.data.byteLength
              }),
            )
          }
        }
      }),
    )
    const size = 40 * MiB
    const file = testInfo.outputPath('resume.bin')
    await writeFile(file, randomBytes(size))

    const chooser = a.waitForEvent('filechooser')
    await a.getByRole('button', { name: t.sendFile(bob.user.name) }).click()
    await (await chooser).setFiles(file)
    await b.getByTestId('incoming-request').getByRole('button', { name: t.accept }).click()
    // Cut the connection once a few blocks arrived: the receiver's peer connection closes.
    await b.waitForFunction(
      () => ((window as unknown as { bytesIn: number[] }).bytesIn[0] ?? 0) >= 6 * 1024 * 1024,
      null,
      {
        polling: 20,
        timeout: 60_000,
      },
    )
    const before = await b.evaluate(() => {
      const w = window as unknown as { peers: RTCPeerConnection[]; bytesIn: number[] }
      w.peers[0]?.close()
      return w.bytesIn[0] ?? 0
    })
    expect(before).toBeLessThan(size)

    const card = b.getByTestId('transfer-card').filter({ hasText: 'resume.bin' })
    await expect(card).toHaveAttribute('data-phase', 'completed', { timeout: 120_000 })
    await expect(card.getByTestId('transfer-resumed')).toHaveText(t.resumed)
    const perConnection = await b.evaluate(() => (window as unknown as { bytesIn: number[] }).bytesIn)
    expect(perConnection).toHaveLength(2)
    // The second connection carried only what was not verified yet: at least the rest, at most
    // the rest plus the blocks in flight when the first one closed.
    const second = perConnection[1] ?? 0
    expect(second).toBeGreaterThanOrEqual(size - (perConnection[0] ?? 0))
    expect(second).toBeLessThanOrEqual(size - 3 * MiB)
    const download = b.waitForEvent('download')
    await card.getByRole('link', { name: t.download }).click()
    expect(await sha256File((await (await download).path()) ?? '')).toBe(await sha256File(file))
  })
  test(`${lng}: a channel that opens and carries nothing is given up and made again`, async ({
    browser,
    request,
    baseURL,
    rtcDataDir,
  }, testInfo) => {
    // The receiver's first `resume` is lost: the channel is open on both sides and no byte moves,
    // as in the stall CI met. The sender's stall watch must give that connection up.
    const { bob, a, b } = await roomOfTwo(browser, request, baseURL ?? '', rtcDataDir, lng, (page) =>
      page.addInitScript(() => {
        const send = RTCDataChannel.prototype.send
        let lost = false
        RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: never) {
          if (!lost && typeof data === 'string' && JSON.parse(data).t === 'resume') {
            lost = true
            return
          }
          send.call(this, data)
        }
      }),
    )
    const file = testInfo.outputPath('silent.bin')
    await writeFile(file, randomBytes(4 * MiB + 3))
    const chooser = a.waitForEvent('filechooser')
    await a.getByRole('button', { name: t.sendFile(bob.user.name) }).click()
    await (await chooser).setFiles(file)
    await b.getByTestId('incoming-request').getByRole('button', { name: t.accept }).click()
    const card = b.getByTestId('transfer-card').filter({ hasText: 'silent.bin' })
    await expect(card).toHaveAttribute('data-phase', 'completed', { timeout: 90_000 })
    await expect(card.getByTestId('transfer-resumed')).toHaveText(t.resumed)
    const download = b.waitForEvent('download')
    await card.getByRole('link', { name: t.download }).click()
    expect(await sha256File((await (await download).path()) ?? '')).toBe(await sha256File(file))
  })
}
