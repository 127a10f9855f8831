import type { ShareFile } from '@ferry/contracts/api/transfers'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { FileViewer } from './file-viewer.js'
import { useViewer } from './viewer-context.js'

const file = (id: string, name: string, kind: ShareFile['preview_kind']): ShareFile => ({
  file_id: id,
  file_key: `key-${id}`,
  file_name: name,
  file_size: 1000,
  content_type: 'application/octet-stream',
  sha256: null,
  scan_status: null,
  scan_signature: null,
  preview_kind: kind,
  preview_url: `/api/share/abc/files/${id}/preview`,
  thumbnail_url: null,
  data_room_pages: null,
  data_room_status: null,
})

const files = [
  file('00000000-0000-4000-8000-000000000001', 'talk.mp3', 'audio'),
  file('00000000-0000-4000-8000-000000000002', 'clip.webm', 'video'),
  file('00000000-0000-4000-8000-000000000003', 'song.ogg', 'audio'),
]
const [talk, clip, song] = files as [ShareFile, ShareFile, ShareFile]

/** A side panel as review comments would be: it reads the context and types into a field. */
function Panel() {
  const viewer = useViewer()
  return (
    <div>
      <p data-testid="panel-file">{viewer.fileId}</p>
      <p data-testid="panel-anchor">{JSON.stringify(viewer.anchor)}</p>
      <input aria-label="Comment" />
      <button type="button" onClick={() => viewer.seek({ kind: 'time', seconds: 42 })}>
        Go to 0:42
      </button>
      <button type="button" onClick={() => viewer.open(song.file_id, { kind: 'time', seconds: 7 })}>
        Song at 0:07
      </button>
    </div>
  )
}

function Harness({ onChange, start = talk.file_id }: { onChange(id: string | null): void; start?: string }) {
  const [open, setOpen] = useState<string | null>(start)
  return (
    <FileViewer
      files={files}
      fileId={open}
      onFileChange={(id) => {
        onChange(id)
        setOpen(id)
      }}
      hrefOf={(f) => `/share/abc/download?file_key=${f.file_key}`}
      pendingKey={null}
      onDownload={() => {}}
      sidePanel={<Panel />}
    />
  )
}

/** The media element on screen, after the browser read its metadata. */
function loadedMedia(testId: string): HTMLMediaElement {
  const media = screen.getByTestId(testId) as HTMLMediaElement
  act(() => {
    media.dispatchEvent(new Event('loadedmetadata'))
  })
  return media
}

describe('FileViewer', () => {
  it('shows the file with its place in the list and a download link, and goes through the files with ←/→', async () => {
    const onChange = vi.fn()
    const { user } = renderWithApp(<Harness onChange={onChange} />)
    expect(screen.getByTestId('viewer-file-name').textContent).toBe('talk.mp3')
    expect(screen.getByTestId('viewer-position').textContent).toBe('1 of 3')
    expect(screen.getByRole('link', { name: 'Download talk.mp3' }).getAttribute('href')).toBe(
      `/share/abc/download?file_key=${talk.file_key}`,
    )
    await user.keyboard('{ArrowRight}')
    expect(screen.getByTestId('viewer-file-name').textContent).toBe('clip.webm')
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByTestId('viewer-file-name').textContent).toBe('song.ogg')
    expect(onChange.mock.calls.map(([id]) => id)).toEqual([clip.file_id, talk.file_id, song.file_id])
  })

  it('leaves the arrow keys to a field of the side panel, and closes with Esc', async () => {
    const onChange = vi.fn()
    const { user } = renderWithApp(<Harness onChange={onChange} />)
    // The modal first moves the focus into itself; then the person clicks into the field.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('A'))
    await user.click(screen.getByLabelText('Comment'))
    expect(document.activeElement).toBe(screen.getByLabelText('Comment'))
    await user.keyboard('{ArrowRight}')
    expect(screen.getByTestId('viewer-file-name').textContent).toBe('talk.mp3')
    await user.keyboard('{Escape}')
    expect(onChange).toHaveBeenLastCalledWith(null)
  })

  it('tells the side panel the file and the media time, and seeks for it, also in another file', async () => {
    const { user } = renderWithApp(<Harness onChange={() => {}} />, { language: 'es' })
    expect(screen.getByTestId('panel-file').textContent).toBe(talk.file_id)
    const audio = loadedMedia('viewer-audio')
    expect(screen.getByTestId('panel-anchor').textContent).toBe(JSON.stringify({ kind: 'time', seconds: 0 }))

    await user.click(screen.getByRole('button', { name: 'Go to 0:42' }))
    expect(audio.currentTime).toBe(42)
    act(() => {
      audio.dispatchEvent(new Event('seeked'))
    })
    expect(screen.getByTestId('panel-anchor').textContent).toBe(JSON.stringify({ kind: 'time', seconds: 42 }))

    // Another file: shown, then sought once its player is ready.
    await user.click(screen.getByRole('button', { name: 'Song at 0:07' }))
    expect(screen.getByTestId('viewer-file-name').textContent).toBe('song.ogg')
    expect(screen.getByTestId('viewer-position').textContent).toBe('3 de 3')
    expect(loadedMedia('viewer-audio').currentTime).toBe(7)
  })

  it('goes to the next file on a swipe to the left, not on a tap', () => {
    renderWithApp(<Harness onChange={() => {}} />)
    const stage = screen.getByTestId('viewer-stage')
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(stage, { clientX: from, clientY: 100, isPrimary: true, timeStamp: 0 })
      fireEvent.pointerUp(stage, { clientX: to, clientY: 100, isPrimary: true, timeStamp: 100 })
    }
    swipe(300, 295)
    expect(screen.getByTestId('viewer-file-name').textContent).toBe('talk.mp3')
    swipe(300, 100)
    expect(screen.getByTestId('viewer-file-name').textContent).toBe('clip.webm')
  })
})
