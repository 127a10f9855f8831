import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'

const pageScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'p2p-ceiling-page.js')

/**
 * The ceiling of the peer-to-peer benchmark: two bare pages (no Ferry code) in the same
 * browser exchange the same file over one plain ordered data channel, in 16 KiB messages with
 * the same buffering thresholds, the sender reading the File in 1 MiB slices. Signalling goes
 * straight through this process. Returns the seconds from channel open to the receiver
 * counting the last byte.
 */
export async function measureCeiling(
  browser: Browser,
  file: string,
  size: number,
  messageSize = 16384,
): Promise<number> {
  const context = await browser.newContext()
  try {
    const sender = await context.newPage()
    const receiver = await context.newPage()
    await relaySignals(sender, receiver)
    await sender.setContent('<input type="file" id="file">')
    await sender.setInputFiles('#file', file)
    for (const page of [sender, receiver]) await page.addScriptTag({ path: pageScript })
    const received = receiver.evaluate(`window.ceilingReceive(${size})`) as Promise<number>
    received.catch(() => {})
    await sender.evaluate(`window.ceilingSend(${messageSize})`)
    return await received
  } finally {
    await context.close()
  }
}

/** Each page gets `window.signal(to peer)` and `window.onsignal` (from peer), bridged here. */
async function relaySignals(a: Page, b: Page) {
  const bridge = (from: Page, to: Page) =>
    from.exposeBinding('signal', (_source, message: unknown) =>
      to.evaluate(`window.onsignal(${JSON.stringify(message)})`),
    )
  await bridge(a, b)
  await bridge(b, a)
}
