import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { extractLinks } from './mail-links.js'
import { type Mailer, type MailLogger, silentMailLogger } from './mailer.js'
import { composeRawMail } from './raw-mail.js'

export interface OutboxMailerOptions {
  /** Created when missing. */
  dir: string
  from: string
  /** Gets one line per message with its links, so a fresh install can follow them from the log. */
  logger?: MailLogger
}

/**
 * Writes each message as a raw `.eml` file instead of sending it. File names sort by
 * time; a file appears whole or not at all (temp file + rename).
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const { dir, from } = options
  const logger = options.logger ?? silentMailLogger

  return {
    kind: 'outbox',

    async send(message) {
      const raw = await composeRawMail(from, message)
      await fs.mkdir(dir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const name = `${stamp}-${randomBytes(6).toString('hex')}.eml`
      // The dot prefix and the suffix keep readers that list *.eml off the partial file.
      const temporary = path.join(dir, `.${name}.tmp`)
      const file = path.join(dir, name)
      try {
        await fs.writeFile(temporary, raw, { flag: 'wx' })
        await fs.rename(temporary, file)
      } catch (error) {
        await fs.rm(temporary, { force: true })
        throw error
      }
      logger.info(
        { to: message.to, subject: message.subject, links: extractLinks(message.text), file },
        'Mail written to the outbox',
      )
    },

    async check() {
      await fs.mkdir(dir, { recursive: true })
      await fs.access(dir, constants.W_OK)
    },

    async close() {},
  }
}
