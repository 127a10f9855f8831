import { routePath } from '@ferry/contracts/routes/route'
import { senderConfirmationApi } from '@ferry/contracts/routes/sender-confirmation'
import { transfersApi } from '@ferry/contracts/routes/transfers'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import type { TransferFormFiles, TransferFormLimits, UpgradeComparison } from '../form-types.js'
import { useTransferForm } from '../hooks/use-transfer-form.js'
import { SendFilesPanel } from './send-files-panel.js'

const GiB = 1024 ** 3
const free: TransferFormLimits = { maxTransferBytes: 50 * GiB, maxRecipients: 1, maxExpiryHours: 24, planRole: 'FREE' }
const pro: TransferFormLimits = {
  maxTransferBytes: 2048 * GiB,
  maxRecipients: 10,
  maxExpiryHours: 720,
  planRole: 'PREMIUM',
}
const comparison: UpgradeComparison = {
  free: { id: 'guest', name: 'Free', maxExpiryHours: 168, recoveryGraceHours: 0, maxRecipients: 1 },
  pro: { id: 'pro', name: 'Pro', maxExpiryHours: 720, recoveryGraceHours: 48, maxRecipients: 5 },
}

/** The calls of a stubbed fetch that created a transfer (the form also reads the sender-confirmation status). */
const createCalls = (fetch: { mock: { calls: [string, RequestInit][] } }) =>
  fetch.mock.calls.filter(([url, init]) => url.endsWith(routePath(transfersApi.create)) && init?.method === 'POST')

/** An upload queue whose files are all stored (what the form reads of features/uploads' queue). */
function storedFiles(...sizes: number[]): TransferFormFiles {
  const completed = sizes.map((size, i) => ({ file_key: `key-${i}`, file_name: `file-${i}.bin`, file_size: size }))
  return {
    items: completed,
    totalBytes: sizes.reduce((sum, size) => sum + size, 0),
    progress: 1,
    allDone: sizes.length > 0,
    isUploading: false,
    isPaused: false,
    errorCount: 0,
    completed,
    clear: vi.fn(),
    resumeAll: vi.fn(),
  }
}

interface SendFormProps {
  files: TransferFormFiles
  limits: TransferFormLimits
  isAuthenticated?: boolean
  onLogin?: () => void
  dataRoomInPlan?: boolean | null
}

/** The form as the Send tab composes it: useTransferForm's state into the panel (the success screen too). */
function SendForm({ files, limits, isAuthenticated = true, onLogin = () => {}, dataRoomInPlan = null }: SendFormProps) {
  const form = useTransferForm({ files, limits, isAuthenticated, onLogin })
  return (
    <SendFilesPanel
      picker={null}
      form={form}
      limits={limits}
      limitsKnown
      isAuthenticated={isAuthenticated}
      upgradeTo="/upgrade"
      transferTo={(id) => `/transfers/${id}`}
      comparison={comparison}
      dataRoomInPlan={dataRoomInPlan}
    />
  )
}

/** A server that knows the sender and creates the transfer; the stub, to read the create call from. */
function stubCreatedTransfer() {
  const fetch = vi.fn(async (url: string, _init: RequestInit) =>
    url.endsWith(routePath(senderConfirmationApi.status))
      ? Response.json({ required: false, email: 'me@example.com' })
      : Response.json({
          sharing_url: 'http://ferry.test/share/abc123',
          message: 'Transfer created',
          id: '6f1c1d9e-8f3a-4c55-9d53-4f2b8c1e7a10',
          unique_id: 'abc123',
          expires_at: '2026-12-02T12:00:00.000Z',
        }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const sendButton = () => screen.getByTestId('send-button') as HTMLButtonElement

afterEach(() => vi.unstubAllGlobals())

describe('TransferForm', () => {
  it("shows the free plan's limit and waits for a recipient before sending", async () => {
    const { user } = renderWithApp(<SendForm files={storedFiles(1024)} limits={free} />)
    expect(screen.getByTestId('upload-limit-line').textContent).toBe('Up to 50 GiB freeIncrease limit')
    expect(screen.getByRole('link', { name: 'Increase limit' }).getAttribute('href')).toBe('/upgrade')
    expect(sendButton().textContent).toBe('Transfer')
    expect(sendButton().disabled).toBe(true)
    expect(screen.getByTestId('send-hint').textContent).toBe('Please enter a recipient email')

    await user.click(screen.getByRole('textbox', { name: 'Recipient email' }))
    await user.paste('bob@example.com')
    expect(sendButton().disabled).toBe(false)
    expect(screen.queryByTestId('send-hint')).toBeNull()
  })

  it('asks for files before anything else', () => {
    renderWithApp(<SendForm files={storedFiles()} limits={free} />)
    expect(sendButton().disabled).toBe(true)
    expect(screen.getByTestId('send-hint').textContent).toBe('Please add at least one file')
  })

  it('refuses an invalid address when Transfer is pressed, and forgets the message on the next keystroke', async () => {
    const { user } = renderWithApp(<SendForm files={storedFiles(1024)} limits={free} />)
    const field = screen.getByRole('textbox', { name: 'Recipient email' })
    await user.type(field, 'bob@')
    await user.click(sendButton())
    expect(screen.getByText('Invalid email: bob@')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')

    await user.type(field, 'x')
    expect(screen.queryByText('Invalid email: bob@')).toBeNull()
  })

  it('asks a visitor to log in, keeping what was typed for after the login', async () => {
    const onLogin = vi.fn()
    const { user } = renderWithApp(
      <SendForm files={storedFiles()} limits={free} isAuthenticated={false} onLogin={onLogin} />,
    )
    expect(screen.getByTestId('transfer-notice').textContent).toBe('Please log in to send transfers')
    expect(sendButton().textContent).toBe('Login to Send')
    await user.click(screen.getByRole('textbox', { name: 'Title (optional)' }))
    await user.paste('Holiday photos')
    await user.click(sendButton())
    expect(onLogin).toHaveBeenCalledOnce()
    expect(sessionStorage.length).toBe(1)
  })

  it('offers the upgrade when the files are over the plan, with the plans side by side', async () => {
    const { user } = renderWithApp(<SendForm files={storedFiles(40 * GiB, 20 * GiB)} limits={free} />)
    expect(screen.getByTestId('transfer-notice').textContent).toBe('Upgrade to PRO to send files over 50 GiB')
    expect(sendButton().textContent).toBe('Upgrade to Send')

    await user.click(sendButton())
    const dialog = screen.getByRole('dialog', { name: 'Upgrade your plan' })
    const rows = within(within(dialog).getByTestId('upgrade-comparison')).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'FreePro',
      'Transfer expiry7 daysUp to 30 days',
      'Recovery grace periodNone2 days',
    ])
    expect(within(dialog).getByRole('link', { name: 'Upgrade to PRO' }).getAttribute('href')).toBe('/upgrade')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('sends the recipients, title and message, then shows the link and empties the form', async () => {
    const fetch = stubCreatedTransfer()
    const files = storedFiles(1024, 2048)
    const { user } = renderWithApp(<SendForm files={files} limits={pro} />)
    // Pasted rather than typed: the same events for the form, fewer renders for the test.
    await user.click(screen.getByRole('textbox', { name: 'Add a recipient email' }))
    await user.paste('ann@example.com bob@example.com')
    await user.click(screen.getByRole('textbox', { name: 'Title (optional)' }))
    await user.paste('  Contracts ')
    await user.click(screen.getByRole('textbox', { name: 'Message (optional)' }))
    await user.paste('Signed copies')
    await user.click(sendButton())

    const link = (await screen.findByRole('textbox', { name: /link/i })) as HTMLInputElement
    expect(link.value).toBe('http://ferry.test/share/abc123')
    const creates = createCalls(fetch)
    expect(creates).toHaveLength(1)
    const [url, init] = creates[0] ?? []
    expect([url, init?.method]).toEqual([routePath(transfersApi.create), transfersApi.create.method])
    expect(JSON.parse(String(init?.body))).toMatchObject({
      recipient_emails: ['ann@example.com', 'bob@example.com'],
      title: 'Contracts',
      message: 'Signed copies',
      files: files.completed,
      reminders: true,
    })
    expect(files.clear).toHaveBeenCalledOnce()
    // The success screen replaces the form: who was emailed, the QR code, and the two ways on.
    expect(screen.getByRole('heading', { name: 'Transfer sent' })).toBeTruthy()
    expect(screen.getByTestId('success-recipients').textContent).toBe(
      'We emailed the download link to your 2 recipients.',
    )
    expect(screen.getByRole('img', { name: 'QR code of the share link' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View transfer' }).getAttribute('href')).toBe(
      '/transfers/6f1c1d9e-8f3a-4c55-9d53-4f2b8c1e7a10',
    )
    expect(screen.queryByTestId('send-button')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Send another' }))
    expect(screen.queryByTestId('transfer-success')).toBeNull()
    expect(screen.queryAllByTestId('recipient-chip')).toHaveLength(0)
    expect((screen.getByRole('textbox', { name: 'Title (optional)' }) as HTMLInputElement).value).toBe('')
  })

  it('sends the chosen expiry, and none when the plan maximum is left', async () => {
    const fetch = stubCreatedTransfer()
    const { user } = renderWithApp(<SendForm files={storedFiles(1024)} limits={pro} />)
    const expiry = screen.getByRole('combobox', { name: 'Link expires after' }) as HTMLInputElement
    expect(expiry.value).toBe('30 days (the longest your plan allows)')
    await user.click(expiry)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '1 hour',
      '6 hours',
      '1 day',
      '3 days',
      '7 days',
      '14 days',
      '30 days (the longest your plan allows)',
    ])
    await user.click(screen.getByRole('option', { name: '7 days' }))
    await user.click(screen.getByRole('textbox', { name: 'Add a recipient email' }))
    await user.paste('ann@example.com')
    await user.click(sendButton())
    await screen.findByTestId('transfer-success')
    expect(JSON.parse(String(createCalls(fetch)[0]?.[1]?.body))).toMatchObject({ expires_in_hours: 168 })

    await user.click(screen.getByRole('button', { name: 'Send another' }))
    await user.click(screen.getByRole('combobox', { name: 'Link expires after' }))
    await user.click(screen.getByRole('option', { name: '30 days (the longest your plan allows)' }))
    await user.click(screen.getByRole('textbox', { name: 'Add a recipient email' }))
    await user.paste('ann@example.com')
    await user.click(sendButton())
    await screen.findByTestId('transfer-success')
    expect(JSON.parse(String(createCalls(fetch)[1]?.[1]?.body))).not.toHaveProperty('expires_in_hours')
  })

  it("tells the free plan's recipient limit before anything is typed, and offers the upgrade", () => {
    renderWithApp(<SendForm files={storedFiles(1024)} limits={free} />)
    expect(screen.getByTestId('recipient-plan-limit').textContent).toBe(
      'Your plan sends to 1 recipient. Upgrade to send to up to 5',
    )
    expect(screen.getByRole('link', { name: 'Upgrade to send to up to 5' }).getAttribute('href')).toBe('/upgrade')
  })

  it('asks a Free sender for the emailed code, then sends the uploaded files; a wrong code says so', async () => {
    let confirmed = false
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith(routePath(senderConfirmationApi.status)) && (init?.method ?? 'GET') === 'GET')
        return Response.json({ required: !confirmed, email: 'me@example.com' })
      if (url.endsWith(routePath(senderConfirmationApi.sendCode))) return new Response(null, { status: 204 })
      if (url.endsWith(routePath(senderConfirmationApi.confirm))) {
        const { code } = JSON.parse(String(init.body)) as { code: string }
        if (code !== '123456')
          return Response.json({ detail: 'This code is not correct.', code: 'sender_code_incorrect' }, { status: 400 })
        confirmed = true
        return new Response(null, { status: 204 })
      }
      if (!confirmed) return Response.json({ detail: 'Confirm', code: 'sender_confirmation_required' }, { status: 403 })
      return Response.json({
        sharing_url: 'http://ferry.test/share/abc123',
        message: 'Transfer created',
        id: '6f1c1d9e-8f3a-4c55-9d53-4f2b8c1e7a10',
        unique_id: 'abc123',
        expires_at: '2026-12-02T12:00:00.000Z',
      })
    })
    vi.stubGlobal('fetch', fetch)
    const { user } = renderWithApp(<SendForm files={storedFiles(1024)} limits={free} />)
    await user.click(screen.getByRole('textbox', { name: 'Recipient email' }))
    await user.paste('bob@example.com')
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    await user.click(sendButton())

    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" })
    expect(within(dialog).getByText(/enter the 6-digit code we emailed to me@example.com/)).toBeTruthy()
    expect(fetch.mock.calls.some(([url]) => url.endsWith(routePath(senderConfirmationApi.sendCode)))).toBe(true)
    expect(createCalls(fetch)).toHaveLength(0)
    expect((within(dialog).getByTestId('sender-code-resend') as HTMLButtonElement).disabled).toBe(true)

    const code = within(dialog).getByRole('textbox', { name: 'Code from the email' })
    await user.click(code)
    await user.paste('654321')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and send' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This code is not correct. Check the latest email from Ferry and try again.',
    )
    await user.clear(code)
    await user.paste('123456')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and send' }))

    await screen.findByTestId('transfer-success')
    expect(createCalls(fetch)).toHaveLength(1)
    expect(JSON.parse(String(createCalls(fetch)[0]?.[1]?.body))).toMatchObject({ files: [{ file_key: 'key-0' }] })
  })

  it('speaks Spanish in the code dialog', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith(routePath(senderConfirmationApi.status))
        ? Response.json({ required: true, email: 'yo@example.com' })
        : new Response(null, { status: 204 }),
    )
    vi.stubGlobal('fetch', fetch)
    const { user } = renderWithApp(<SendForm files={storedFiles(1024)} limits={free} />, { language: 'es' })
    await user.click(screen.getByRole('textbox', { name: 'Correo del destinatario' }))
    await user.paste('bob@example.com')
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    await user.click(sendButton())
    const dialog = await screen.findByRole('dialog', { name: 'Confirma que eres tú' })
    expect(within(dialog).getByText(/código de 6 dígitos que hemos enviado a yo@example.com/)).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Confirmar y enviar' })).toBeTruthy()
  })

  it("shows the server's refusal in a dismissable alert", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ detail: 'Transfer exceeds your plan limits.', code: 'plan_limit' }, { status: 403 }),
    )
    const { user } = renderWithApp(<SendForm files={storedFiles(1024)} limits={free} />)
    await user.click(screen.getByRole('textbox', { name: 'Recipient email' }))
    await user.paste('bob@example.com')
    await user.click(sendButton())
    const alert = await screen.findByTestId('transfer-failed')
    expect(within(alert).getByText('Transfer Failed')).toBeTruthy()
    await waitFor(() => expect(sendButton().textContent).toBe('Transfer'))
  })

  it('speaks Spanish: limit line, validation and the upgrade prompt', async () => {
    const { user } = renderWithApp(<SendForm files={storedFiles(1024)} limits={free} />, { language: 'es' })
    expect(screen.getByTestId('upload-limit-line').textContent).toBe('Hasta 50 GiB gratisAumentar el límite')
    expect(screen.getByTestId('send-hint').textContent).toBe('Introduce el correo de un destinatario')
    expect(screen.getByTestId('recipient-plan-limit').textContent).toBe(
      'Tu plan envía a 1 destinatario. Mejora tu plan para enviar hasta a 5',
    )
    expect((screen.getByRole('combobox', { name: 'El enlace caduca tras' }) as HTMLInputElement).value).toBe(
      '1 día (lo máximo que permite tu plan)',
    )
    await user.type(screen.getByRole('textbox', { name: 'Correo del destinatario' }), 'ana@')
    await user.click(screen.getByRole('button', { name: 'Transferir' }))
    expect(screen.getByText('Correo no válido: ana@')).toBeTruthy()
  })

  it('speaks Spanish over the limit', async () => {
    const { user } = renderWithApp(<SendForm files={storedFiles(60 * GiB)} limits={free} />, { language: 'es' })
    await user.click(screen.getByRole('button', { name: 'Mejora tu plan para enviar' }))
    const dialog = screen.getByRole('dialog', { name: 'Mejora tu plan' })
    expect(within(dialog).getByTestId('upgrade-message').textContent).toBe(
      'Pásate a PRO para enviar archivos de más de 50 GiB',
    )
  })

  describe('clean data room', () => {
    it('turned on, makes the transfer recipients-only, offers the watermarked PDF and sends both', async () => {
      const fetch = stubCreatedTransfer()
      const { user } = renderWithApp(<SendForm files={storedFiles(1024)} limits={pro} dataRoomInPlan />)
      const anyone = screen.getByRole('radio', { name: 'Anyone with the link' }) as HTMLInputElement
      expect(anyone.checked).toBe(true)
      expect(screen.queryByRole('checkbox', { name: /watermarked PDF/ })).toBeNull()

      await user.click(screen.getByRole('switch', { name: /^Clean data room \(view only\)/ }))
      expect((screen.getByRole('radio', { name: 'Only the recipients' }) as HTMLInputElement).checked).toBe(true)
      expect(anyone.disabled).toBe(true)
      expect(screen.getAllByText(/A data room is open only to its recipients/).length).toBeGreaterThan(0)
      await user.click(screen.getByRole('checkbox', { name: /^Allow a watermarked PDF download/ }))

      await user.click(screen.getByRole('textbox', { name: 'Add a recipient email' }))
      await user.paste('ann@example.com')
      await user.click(sendButton())
      await screen.findByRole('heading', { name: 'Transfer sent' })
      const [, init] = createCalls(fetch)[0] ?? []
      expect(JSON.parse(String(init?.body))).toMatchObject({
        access: 'recipients',
        clean_data_room: true,
        data_room_pdf_download: true,
      })
    })

    it('sends no data-room fields while it is off', async () => {
      const fetch = stubCreatedTransfer()
      const { user } = renderWithApp(<SendForm files={storedFiles(1024)} limits={pro} dataRoomInPlan />)
      await user.click(screen.getByRole('textbox', { name: 'Add a recipient email' }))
      await user.paste('ann@example.com')
      await user.click(sendButton())
      await screen.findByRole('heading', { name: 'Transfer sent' })
      const body = JSON.parse(String(createCalls(fetch)[0]?.[1]?.body))
      expect(body).not.toHaveProperty('clean_data_room')
      expect(body).not.toHaveProperty('data_room_pdf_download')
    })

    it('without the plan flag, shows the switch off with the upgrade link, in English and Spanish', () => {
      const { unmount } = renderWithApp(<SendForm files={storedFiles(1024)} limits={pro} dataRoomInPlan={false} />)
      const toggle = screen.getByRole('switch', { name: /^Clean data room \(view only\)/ }) as HTMLInputElement
      expect(toggle.disabled).toBe(true)
      expect(screen.getByRole('link', { name: 'Upgrade to send as a clean data room' }).getAttribute('href')).toBe(
        '/upgrade',
      )
      unmount()
      renderWithApp(<SendForm files={storedFiles(1024)} limits={pro} dataRoomInPlan={false} />, { language: 'es' })
      expect(screen.getByRole('switch', { name: /^Sala de datos limpia \(solo lectura\)/ })).toBeTruthy()
      expect(screen.getByRole('link', { name: 'Mejora tu plan para enviar como sala de datos limpia' })).toBeTruthy()
    })

    it('is not shown while the plan is unknown', () => {
      renderWithApp(<SendForm files={storedFiles(1024)} limits={pro} />)
      expect(screen.queryByRole('switch', { name: /^Clean data room/ })).toBeNull()
    })
  })
})
