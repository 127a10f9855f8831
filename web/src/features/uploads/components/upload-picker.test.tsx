import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import type { UploadQueue } from '../hooks/use-upload-queue.js'
import type { UploadItem } from '../upload-queue-state.js'
import { UploadPicker } from './upload-picker.js'

const MiB = 1024 ** 2

function item(name: string, size: number, status: UploadItem['status'], more: Partial<UploadItem> = {}): UploadItem {
  const progress = status === 'done' ? 1 : (more.progress ?? 0)
  return {
    id: name,
    name,
    size,
    type: 'application/octet-stream',
    multipart: size > 100 * MiB,
    status,
    bytesUploaded: Math.round(size * progress),
    progress,
    bytesPerSecond: null,
    secondsLeft: null,
    error: null,
    retryAttempt: 0,
    fileKey: status === 'done' ? `key/${name}` : null,
    ...more,
  }
}

/** useUploadQueue's value for these files: the figures the picker shows, actions as spies. */
function queueOf(items: UploadItem[], more: Partial<UploadQueue> = {}): UploadQueue {
  const totalBytes = items.reduce((sum, file) => sum + file.size, 0)
  const uploadedBytes = items.reduce((sum, file) => sum + file.bytesUploaded, 0)
  return {
    items,
    totalBytes,
    uploadedBytes,
    progress: totalBytes ? uploadedBytes / totalBytes : 0,
    bytesPerSecond: null,
    secondsLeft: null,
    isUploading: items.some((file) => file.status === 'uploading' || file.status === 'retrying'),
    isPaused: items.some((file) => file.status === 'paused'),
    allDone: items.length > 0 && items.every((file) => file.status === 'done'),
    errorCount: items.filter((file) => file.status === 'error').length,
    completed: [],
    notice: null,
    resumable: [],
    addFiles: vi.fn(),
    remove: vi.fn(),
    clear: vi.fn(),
    pauseAll: vi.fn(),
    resumeAll: vi.fn(),
    retry: vi.fn(),
    retryAll: vi.fn(),
    dismissResumable: vi.fn(),
    ...more,
  }
}

/** Each listed file as name, size and what it is doing, as read on screen. */
function rows() {
  return screen.getAllByTestId('upload-file-row').map((row) => row.textContent)
}

const movingQueue = () =>
  queueOf(
    [
      item('photos/beach.jpg', 1.5 * MiB, 'done'),
      item('video.mp4', 300 * MiB, 'uploading', { progress: 0.42, bytesPerSecond: 2 * MiB, secondsLeft: 87 }),
      item('notes.txt', 2048, 'queued'),
      item('report.pdf', 10 * MiB, 'retrying', { progress: 0.1, retryAttempt: 2 }),
      item('broken.zip', 5 * MiB, 'error', {
        error: { code: 'upload_failed', status: 0, detail: 'Network error', retryable: true },
      }),
    ],
    { bytesPerSecond: 2 * MiB, secondsLeft: 150 },
  )

describe('UploadPicker (the upload queue)', () => {
  it('offers the drop area and the file picker, and hands picked files to the queue', async () => {
    const queue = queueOf([])
    const { user } = renderWithApp(<UploadPicker queue={queue} signedIn />)
    expect(screen.getByText('Drag and drop files here')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add files' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add folders' })).toBeTruthy()
    expect(screen.queryByTestId('selected-files')).toBeNull()

    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' })
    await user.upload(screen.getByTestId('add-files-input') as HTMLInputElement, file)
    expect(queue.addFiles).toHaveBeenCalledOnce()
    expect(vi.mocked(queue.addFiles).mock.calls[0]?.[0].map((picked) => picked.file.name)).toEqual(['hello.txt'])
  })

  it("refuses a file over the plan's limit as it is added, saying why and offering the upgrade", async () => {
    const queue = queueOf([])
    const { user } = renderWithApp(<UploadPicker queue={queue} signedIn maxFileBytes={1024} upgradeTo="/upgrade" />)
    const small = new File(['x'.repeat(100)], 'small.txt')
    const big = new File(['x'.repeat(2048)], 'big.bin')
    await user.upload(screen.getByTestId('add-files-input') as HTMLInputElement, [small, big])
    expect(vi.mocked(queue.addFiles).mock.calls[0]?.[0].map((picked) => picked.file.name)).toEqual(['small.txt'])
    const notice = screen.getByTestId('oversize-notice')
    expect(
      within(notice).getByText('big.bin is 2 KiB: your plan sends up to 1 KiB per transfer, so it was not added.'),
    ).toBeTruthy()
    expect(within(notice).getByRole('link', { name: 'Upgrade to send larger files' }).getAttribute('href')).toBe(
      '/upgrade',
    )
    await user.click(within(notice).getByRole('button', { name: 'Close' }))
    expect(screen.queryByTestId('oversize-notice')).toBeNull()
  })

  it('says it in Spanish, and adds nothing when every file is too large', async () => {
    const queue = queueOf([])
    const { user } = renderWithApp(<UploadPicker queue={queue} signedIn maxFileBytes={1024} />, { language: 'es' })
    await user.upload(screen.getByTestId('add-files-input') as HTMLInputElement, new File(['x'.repeat(2048)], 'a.bin'))
    expect(queue.addFiles).not.toHaveBeenCalled()
    expect(screen.getByTestId('oversize-notice').textContent).toBe(
      'a.bin ocupa 2 KiB: tu plan envía hasta 1 KiB por transferencia, así que no se ha añadido.',
    )
  })

  it('lists every file with its size and state, and the totals above them', () => {
    renderWithApp(<UploadPicker queue={movingQueue()} signedIn />)
    const list = screen.getByRole('list', { name: 'Selected files' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(5)
    expect(rows()).toEqual([
      'photos/beach.jpg1.5 MiBUploaded',
      'video.mp4300 MiB42% · 2 MiB/s · 1 min 27 s left',
      'notes.txt2 KiBWaiting to upload',
      'report.pdf10 MiBConnection lost. Retrying (2 of 10)…',
      'broken.zip5 MiBFailed to upload broken.zip: Network error',
    ])
    expect(screen.getByText('Selected Files:')).toBeTruthy()
    expect(screen.getByText('5 files')).toBeTruthy()
    expect(screen.getByTestId('upload-total-size').textContent).toBe('Total size: 316.5 MiB')
    expect(screen.getByTestId('upload-rate').textContent).toBe('2 MiB/s · 2 min 30 s left')
    // Failures are counted once nothing moves any more; meanwhile the row says it.
    expect(screen.queryByText('1 file failed')).toBeNull()
  })

  it('says in the headline that the connection was lost while a file waits to retry and nothing moves', () => {
    const waiting = queueOf([
      item('photos/beach.jpg', 1.5 * MiB, 'done'),
      item('report.pdf', 10 * MiB, 'retrying', { progress: 0.1, retryAttempt: 3 }),
    ])
    renderWithApp(<UploadPicker queue={waiting} signedIn />)
    expect(screen.getByTestId('upload-rate').textContent).toBe('Connection lost. Retrying…')
  })

  it('pauses, retries and removes through the queue', async () => {
    const queue = movingQueue()
    const { user } = renderWithApp(<UploadPicker queue={queue} signedIn />)
    await user.click(screen.getByRole('button', { name: 'Pause' }))
    expect(queue.pauseAll).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: 'Retry failed' }))
    expect(queue.retryAll).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: 'Retry broken.zip' }))
    expect(queue.retry).toHaveBeenCalledExactlyOnceWith('broken.zip')
    await user.click(screen.getByRole('button', { name: 'Remove photos/beach.jpg' }))
    expect(queue.remove).toHaveBeenCalledExactlyOnceWith('photos/beach.jpg')
  })

  it('shows a paused queue with Resume, and a finished one as all uploaded', async () => {
    const paused = queueOf([item('video.mp4', 300 * MiB, 'paused', { progress: 0.5 })])
    const { user, rerender } = renderWithApp(<UploadPicker queue={paused} signedIn />)
    expect(rows()).toEqual(['video.mp4300 MiBPaused at 50%'])
    await user.click(screen.getByRole('button', { name: 'Resume' }))
    expect(paused.resumeAll).toHaveBeenCalledOnce()

    rerender(<UploadPicker queue={queueOf([item('video.mp4', 300 * MiB, 'done')])} signedIn />)
    expect(screen.getByText('All files uploaded')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull()
  })

  it('tells a visitor the files wait for a login, with a Log in button', async () => {
    const onLogin = vi.fn()
    const { user } = renderWithApp(
      <UploadPicker queue={queueOf([item('notes.txt', 2048, 'queued')])} signedIn={false} onLogin={onLogin} />,
    )
    expect(rows()).toEqual(['notes.txt2 KiBUploads once you log in'])
    const note = screen.getByTestId('login-to-send')
    expect(within(note).getByText('Log in to send these files. They start uploading as soon as you do.')).toBeTruthy()
    await user.click(within(note).getByRole('button', { name: 'Log in' }))
    expect(onLogin).toHaveBeenCalledOnce()
  })

  it('names the files that were already in the list', () => {
    const queue = queueOf([item('a.txt', 10, 'queued')], {
      notice: { kind: 'duplicates', names: ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'] },
    })
    renderWithApp(<UploadPicker queue={queue} signedIn />)
    expect(screen.getByTestId('upload-notice').textContent).toBe('Already in the list: a.txt, b.txt, c.txt +2')
  })

  it('offers to continue the unfinished uploads of an earlier visit with the same files, or to forget them', async () => {
    const resumable = [
      { id: 'r1', name: 'photos/video.mp4', size: 200 * MiB, uploadedBytes: 80 * MiB },
      { id: 'r2', name: 'old.iso', size: 400 * MiB, uploadedBytes: 0 },
    ]
    const queue = queueOf([], { resumable })
    const { user } = renderWithApp(<UploadPicker queue={queue} signedIn />)
    const offer = screen.getByTestId('resumable-uploads')
    expect(within(offer).getByText('2 uploads from your last visit are not finished')).toBeTruthy()
    expect(within(offer).getByText('photos/video.mp4: 80 MiB of 200 MiB (40%) already uploaded')).toBeTruthy()

    // Picked on its own, the file gets back the folder it was sent from, so the engine knows it.
    const file = new File([new Uint8Array(16)], 'video.mp4')
    Object.defineProperty(file, 'size', { value: 200 * MiB })
    await user.upload(screen.getByTestId('resume-files-input') as HTMLInputElement, file)
    expect(vi.mocked(queue.addFiles).mock.calls[0]?.[0]).toEqual([{ file, relativePath: 'photos/video.mp4' }])

    await user.click(within(offer).getByRole('button', { name: 'Forget old.iso' }))
    expect(queue.dismissResumable).toHaveBeenCalledWith('r2')
  })

  it('offers it in Spanish too', () => {
    const resumable = [{ id: 'r1', name: 'video.mp4', size: 200 * MiB, uploadedBytes: 80 * MiB }]
    renderWithApp(<UploadPicker queue={queueOf([], { resumable })} signedIn />, { language: 'es' })
    const offer = screen.getByTestId('resumable-uploads')
    expect(within(offer).getByText('1 subida de tu última visita no ha terminado')).toBeTruthy()
    expect(within(offer).getByRole('button', { name: 'Continuar la subida' })).toBeTruthy()
  })

  it('speaks Spanish: sizes with a decimal comma, states and totals', () => {
    renderWithApp(<UploadPicker queue={movingQueue()} signedIn />, { language: 'es' })
    // Spanish percentages take a no-break space before the sign.
    expect(rows()).toEqual([
      'photos/beach.jpg1,5 MiBSubido',
      'video.mp4300 MiB42\u00a0% · 2 MiB/s · Quedan 1 min 27 s',
      'notes.txt2 KiBEn espera',
      'report.pdf10 MiBSe perdió la conexión. Reintentando (2 de 10)…',
      'broken.zip5 MiBNo se pudo subir broken.zip: Network error',
    ])
    expect(screen.getByText('Archivos seleccionados:')).toBeTruthy()
    expect(screen.getByText('5 archivos')).toBeTruthy()
    expect(screen.getByTestId('upload-total-size').textContent).toBe('Tamaño total: 316,5 MiB')
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeTruthy()
  })
})
