import type { ShareFile } from '@ferry/contracts/api/transfers'
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { DataRoomFiles } from './data-room-files.js'

const roomFile = (
  id: string,
  name: string,
  status: ShareFile['data_room_status'],
  pages: number | null,
): ShareFile => ({
  file_id: id,
  file_key: `key-${id}`,
  file_name: name,
  file_size: 2048,
  content_type: 'application/octet-stream',
  sha256: null,
  scan_status: null,
  scan_signature: null,
  preview_kind: null,
  preview_url: null,
  thumbnail_url: null,
  data_room_pages: pages,
  data_room_status: status,
})

const files = [
  roomFile('0b6c3c2e-5f7e-4d5a-9a4e-2f1d6a7b8c91', 'deck.pdf', 'ready', 12),
  roomFile('0b6c3c2e-5f7e-4d5a-9a4e-2f1d6a7b8c92', 'plan.png', 'pending', null),
  roomFile('0b6c3c2e-5f7e-4d5a-9a4e-2f1d6a7b8c93', 'model.step', 'unsupported', null),
]

const row = (name: string) => screen.getAllByTestId('share-file').find((li) => li.dataset.fileName === name)!

describe('DataRoomFiles', () => {
  it('offers View and never a download; says what each file is in the room', async () => {
    const onView = vi.fn()
    const { user } = renderWithApp(
      <DataRoomFiles uniqueId="abc" files={files} trackingId={null} pdfDownload={false} active onView={onView} />,
    )
    expect(within(row('deck.pdf')).getByTestId('data-room-file-state').textContent).toBe('12 pages')
    expect(within(row('plan.png')).getByTestId('data-room-file-state').textContent).toBe('Preparing pages…')
    expect(within(row('model.step')).getByTestId('data-room-file-state').textContent).toBe(
      'Cannot be shown in the room',
    )
    expect(within(row('model.step')).queryByRole('button')).toBeNull()
    expect(screen.queryAllByRole('link')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'View deck.pdf' }))
    expect(onView).toHaveBeenCalledWith(files[0])
    // A file still being prepared opens too: the viewer waits for its pages.
    expect(screen.getByRole('button', { name: 'View plan.png' })).toBeTruthy()
  })

  it('links the watermarked PDF of a ready file when the sender allows it, in Spanish too', () => {
    renderWithApp(
      <DataRoomFiles uniqueId="abc" files={files} trackingId="tok" pdfDownload active onView={() => undefined} />,
      { language: 'es' },
    )
    const links = screen.getAllByRole('link')
    expect(links).toHaveLength(1)
    expect(links[0]?.getAttribute('aria-label')).toBe('Descargar un PDF con marca de agua de deck.pdf')
    expect(links[0]?.getAttribute('href')).toBe(`/api/share/abc/room/files/${files[0]?.file_id}/watermarked.pdf?t=tok`)
    expect(within(row('deck.pdf')).getByTestId('data-room-file-state').textContent).toBe('12 páginas')
  })

  it('offers nothing to open once the transfer is no longer active', () => {
    renderWithApp(
      <DataRoomFiles
        uniqueId="abc"
        files={files}
        trackingId={null}
        pdfDownload
        active={false}
        onView={() => undefined}
      />,
    )
    expect(screen.queryAllByRole('button')).toHaveLength(0)
    expect(screen.queryAllByRole('link')).toHaveLength(0)
  })
})
