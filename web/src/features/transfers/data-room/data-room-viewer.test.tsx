import type { ShareFile } from '@ferry/contracts/api/transfers'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { DataRoomViewer } from './data-room-viewer.js'

const fileId = '0b6c3c2e-5f7e-4d5a-9a4e-2f1d6a7b8c9d'
const file = (status: ShareFile['data_room_status']): ShareFile => ({
  file_id: fileId,
  file_key: 'key',
  file_name: 'deck.pdf',
  file_size: 1000,
  content_type: 'application/pdf',
  sha256: null,
  scan_status: null,
  scan_signature: null,
  preview_kind: null,
  preview_url: null,
  thumbnail_url: null,
  data_room_pages: status === 'ready' ? 3 : null,
  data_room_status: status,
})

const viewsPath = `/api/share/abc/room/files/${fileId}/views`
const pagePath = (n: number) => `/api/share/abc/room/views/ABCDEFGH/pages/${n}`

type Answer = (url: string, init: RequestInit) => Response | undefined

/** A server: the view starts as `start` answers, pages as `page` answers (by number); `seen` reports are recorded. */
function stubServer({ start, page }: { start?: Answer; page?: (n: number) => Response }) {
  const fetch = vi.fn(async (href: string, init: RequestInit = {}) => {
    const url = href.split('?')[0] ?? href
    if (url === viewsPath && init.method === 'POST')
      return (
        start?.(url, init) ??
        Response.json({ view_id: 'ABCDEFGH', pages: 3, page_width: 1600, page_height: 2263 }, { status: 201 })
      )
    const seen = /\/pages\/(\d+)\/seen$/.exec(url)
    if (seen && init.method === 'POST') return new Response(null, { status: 204 })
    const n = /\/pages\/(\d+)$/.exec(url)
    if (n)
      return page?.(Number(n[1])) ?? new Response(new Blob(['webp']), { headers: { 'Content-Type': 'image/webp' } })
    return Response.json({ detail: 'Not found', code: 'not_found' }, { status: 404 })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const seenCalls = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls
    .filter(([url]) => url.endsWith('/seen'))
    .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)), keepalive: init?.keepalive }))

function renderViewer(status: ShareFile['data_room_status'] = 'ready', pdfDownload = false) {
  return renderWithApp(
    <DataRoomViewer
      uniqueId="abc"
      files={[file(status)]}
      fileId={fileId}
      onClose={() => undefined}
      trackingId={null}
      pdfDownload={pdfDownload}
      onVerificationLost={() => undefined}
    />,
  )
}

beforeEach(() => {
  let n = 0
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:page-${++n}`, revokeObjectURL: () => undefined }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('DataRoomViewer', () => {
  it('shows page 1 under the notice, turns pages with the keyboard and reports the time on the page left', async () => {
    const fetch = stubServer({})
    renderViewer()
    expect(screen.getByTestId('data-room-notice').textContent).toMatch(/cannot stop anyone photographing the screen/)
    const page = await screen.findByTestId('data-room-page')
    expect(page.getAttribute('data-page')).toBe('1')
    expect(screen.getByTestId('data-room-page-number').textContent).toBe('Page 1 of 3')
    expect(fetch.mock.calls.some(([url]) => url === pagePath(1))).toBe(true)
    expect(screen.queryByTestId('data-room-pdf')).toBeNull()
    fireEvent.load(page)

    fireEvent.keyDown(window, { key: 'ArrowRight' })
    await waitFor(() => expect(screen.getByTestId('data-room-page').getAttribute('data-page')).toBe('2'))
    expect(screen.getByTestId('data-room-page-number').textContent).toBe('Page 2 of 3')
    await waitFor(() => expect(seenCalls(fetch)).toHaveLength(1))
    const [report] = seenCalls(fetch)
    expect(report?.url).toBe(`${pagePath(1)}/seen`)
    expect(report?.keepalive).toBe(true)
    expect(report?.body.duration_ms).toBeGreaterThanOrEqual(0)
    // Never ahead: only the pages shown were fetched.
    expect(fetch.mock.calls.some(([url]) => url === pagePath(3))).toBe(false)
  })

  it("says plainly when the sender revoked the viewer's access, on the next page", async () => {
    stubServer({
      page: (n) =>
        n === 1
          ? new Response(new Blob(['webp']), { headers: { 'Content-Type': 'image/webp' } })
          : Response.json(
              { detail: 'The sender has withdrawn your access to this data room.', code: 'viewer_revoked' },
              { status: 403 },
            ),
    })
    const { user } = renderViewer()
    await screen.findByTestId('data-room-page')
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    const problem = await screen.findByTestId('data-room-problem')
    expect(problem.getAttribute('data-problem')).toBe('revoked')
    expect(problem.textContent).toMatch(/The sender has withdrawn your access to this data room/)
    expect(screen.queryByTestId('data-room-page')).toBeNull()
  })

  it('waits while the pages are being prepared, then shows them', async () => {
    let ready = false
    stubServer({
      start: () =>
        ready ? undefined : Response.json({ detail: 'Not ready', code: 'data_room_not_ready' }, { status: 409 }),
    })
    renderViewer('pending')
    const problem = await screen.findByTestId('data-room-problem')
    expect(problem.getAttribute('data-problem')).toBe('pending')
    ready = true
    expect(await screen.findByTestId('data-room-page', {}, { timeout: 4_000 })).toBeTruthy()
  })

  it('does not start a view of a file the room cannot show', () => {
    const fetch = stubServer({})
    renderViewer('unsupported')
    expect(screen.getByTestId('data-room-problem').getAttribute('data-problem')).toBe('unsupported')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('offers the watermarked PDF when the sender allows it, and speaks Spanish', async () => {
    stubServer({})
    renderWithApp(
      <DataRoomViewer
        uniqueId="abc"
        files={[file('ready')]}
        fileId={fileId}
        onClose={() => undefined}
        trackingId="tok"
        pdfDownload
        onVerificationLost={() => undefined}
      />,
      { language: 'es' },
    )
    const pdf = screen.getByRole('link', { name: 'Descargar un PDF con marca de agua de deck.pdf' })
    expect(pdf.getAttribute('href')).toBe(`/api/share/abc/room/files/${fileId}/watermarked.pdf?t=tok`)
    expect(screen.getByTestId('data-room-notice').textContent).toMatch(/no puede impedir/)
    expect((await screen.findByTestId('data-room-page-number')).textContent).toBe('Página 1 de 3')
  })
})
