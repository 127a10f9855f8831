import { createHash, randomUUID } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { makeKeyPair } from '../server/src/features/ssh-keys/testing/key-pair.js'
import { opensshAvailable, runSftp } from '../server/src/sftp/testing/openssh-sftp.js'
import { type LoginResult, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { addFiles, mailTo } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Issue 20 item 1: the sender reads a transfer's SFTP login on its page, and OpenSSH's own client
// signs in with exactly what the page shows, in English and in Spanish.

const expect = baseExpect.configure({ timeout: 15_000 })

const words = {
  en: {
    addFiles: 'Add files',
    heading: 'SFTP download',
    show: 'Show SFTP login',
    keysLink: 'SSH keys on your profile',
    keysTitle: 'SSH keys',
    add: 'Add key',
    remove: 'Remove',
    removeConfirm: 'Remove key',
    privateKey: 'This is a private key',
    inEmail: "Include the SFTP login in the recipients' emails",
    inEmailSwitch: 'Include the SFTP login in emails to recipients',
    mailPassword: 'Password:',
  },
  es: {
    addFiles: 'Añadir archivos',
    heading: 'Descarga por SFTP',
    show: 'Mostrar acceso SFTP',
    keysLink: 'Claves SSH en tu perfil',
    keysTitle: 'Claves SSH',
    add: 'Añadir clave',
    remove: 'Quitar',
    removeConfirm: 'Quitar clave',
    privateKey: 'Esta es una clave privada',
    inEmail: 'Incluir el acceso SFTP en los correos de los destinatarios',
    inEmailSwitch: 'Incluir el acceso SFTP en los correos a los destinatarios',
    mailPassword: 'Contraseña:',
  },
} as const

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: a Pro sender's transfer page shows its SFTP login, and sftp fetches the file with it`, async ({
    page,
    request,
    workerAdmin,
  }) => {
    test.skip(!opensshAvailable(), 'OpenSSH sftp and sshpass are installed by scripts/ensure-services.sh')
    test.setTimeout(90_000)
    const dir = await tempDir()
    try {
      const report = await writeRandomFile(dir, 'quarterly report.pdf', 200 * 1024)
      // A sender on Pro (sftp_download), granted by the admin as a paid plan would be.
      const sender: LoginResult = await registerViaApi(request)
      const granted = await request.post('/api/billing/subscriptions', {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${workerAdmin.login.access_token}` },
        data: { user_id: sender.user.id, plan_id: 'pro' },
      })
      expect(granted.ok(), await granted.text()).toBe(true)

      await storeLogin(page, sender)
      await page.goto(withLang('/'))
      await addFiles(page, [report.path], w.addFiles)
      const input = page.getByTestId('recipient-input')
      const recipient = `rec-${randomUUID().slice(0, 8)}@e2e.ferry.test`
      await input.fill(recipient)
      await input.press('Enter')
      // The sender chooses to mail the SFTP login with the link.
      await page.getByRole('checkbox', { name: w.inEmail }).check()
      await page.getByTestId('send-button').click()
      const success = page.getByTestId('transfer-success')
      await expect(success).toBeVisible({ timeout: 30_000 })
      const detailPath = (await success.locator('a[href^="/transfers/"]').getAttribute('href')) ?? ''

      await page.goto(withLang(detailPath))
      const panel = page.getByTestId('sftp-panel')
      await expect(panel).toContainText(w.heading)
      // The password is fetched only when asked for.
      await expect(page.getByTestId('sftp-password')).toHaveCount(0)
      await page.getByRole('button', { name: w.show }).click()
      const username = (await page.getByTestId('sftp-username').textContent()) ?? ''
      const password = (await page.getByTestId('sftp-password').textContent()) ?? ''
      const port = Number(await page.getByTestId('sftp-port').textContent())
      await expect(page.getByTestId('sftp-command')).toHaveText(`sftp -P ${port} ${username}@127.0.0.1`)
      await expect(page.getByTestId('sftp-host-key')).toHaveText(/^SHA256:/)
      await expect(page.getByRole('switch', { name: w.inEmailSwitch })).toBeChecked()
      // The recipient's email carries the same login, in the sender's language.
      const mail = await mailTo(recipient)
      expect(mail.text).toContain(`sftp -P ${port} ${username}@127.0.0.1`)
      expect(mail.text).toContain(`${w.mailPassword} ${password}`)

      const into = await tempDir()
      const run = await runSftp(port, username, password, ['ls -l', 'get "quarterly report.pdf"'], { cwd: into })
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toContain('quarterly report.pdf')
      const fetched = await readFile(path.join(into, 'quarterly report.pdf'))
      await rm(into, { recursive: true, force: true })
      expect(createHash('sha256').update(fetched).digest('hex')).toBe(report.sha256)

      // The download counts like one over HTTPS: the page shows it.
      await page.reload()
      await expect(page.getByTestId('detail-downloads')).toHaveText('1')

      // An SSH key instead of the password: added on the profile, which the panel links to.
      const key = await makeKeyPair('ed25519')
      try {
        await page.getByRole('button', { name: w.show }).click()
        await page.getByRole('link', { name: w.keysLink }).click()
        const card = page.getByTestId('ssh-keys')
        await expect(card.getByRole('heading', { name: w.keysTitle })).toBeVisible()
        await card.getByTestId('ssh-key-name-input').fill('E2E laptop')
        // A private key pasted by mistake is refused and not kept.
        await card.getByTestId('ssh-key-input').fill(await readFile(key.identity, 'utf8'))
        await card.getByRole('button', { name: w.add }).click()
        await expect(card.getByTestId('ssh-key-add-error')).toContainText(w.privateKey)
        await expect(card.getByTestId('ssh-keys-empty')).toBeVisible()
        await card.getByTestId('ssh-key-input').fill(key.publicLine)
        await card.getByRole('button', { name: w.add }).click()
        await expect(card.getByTestId('ssh-key-fingerprint')).toHaveText(key.fingerprint)

        const byKey = await runSftp(port, username, { identity: key.identity }, ['ls'])
        expect(byKey.code, byKey.stderr).toBe(0)
        expect(byKey.stdout).toContain('quarterly report.pdf')

        await card.getByRole('button', { name: w.remove }).click()
        await page.getByRole('button', { name: w.removeConfirm }).click()
        await expect(card.getByTestId('ssh-keys-empty')).toBeVisible()
        expect((await runSftp(port, username, { identity: key.identity }, ['ls'])).code).not.toBe(0)
      } finally {
        await key.remove()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
