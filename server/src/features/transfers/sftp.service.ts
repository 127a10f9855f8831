import type { Readable } from 'node:stream'
import type { TransferSftpResponse } from '@ferry/contracts/api/sftp'
import { isAdmin } from '@ferry/contracts/api/users'
import type { ByteRange } from '../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import type { DownloadTally } from '../../http/download/download-reply.js'
import { requirePlanFeature } from '../../http/plan-feature-guard.js'
import { cachedSecret } from '../../secrets/secrets.js'
import type { EventLog } from '../analytics/index.js'
import { trackDownload } from '../analytics/index.js'
import type { PlansService } from '../plans/plans.service.js'
import type { OfferedKey, SshKeysService } from '../ssh-keys/ssh-keys.service.js'
import { createUnlockLimit } from './access/unlock-limit.js'
import { isSftpPassword, sftpPassword, sftpUsername, shareIdOfSftpUsername } from './sftp/sftp-credentials.js'
import type { LinkOrigins } from './transfer-links.types.js'
import { statusOf } from './transfer-mapping.js'
import { ruleError } from './transfer-rules.js'
import type { TransferAggregate } from './transfers.repository.js'
import { createTransfersRepository } from './transfers.repository.js'
import type { TransfersService, Viewer } from './transfers.service.js'

export type SftpDeps = Pick<Deps, 'config' | 'clock' | 'database' | 'blobs' | 'rateLimiter'>

/** One file as an SFTP login sees it. */
export interface SftpFile {
  id: string
  /** The name as sent, folders included (`photos/a.jpg`); the transport makes it a safe path. */
  name: string
  size: number
}

/** A signed-in SFTP login: one transfer's files, read-only. */
export interface SftpLogin {
  transferId: string
  createdAt: Date
  files: SftpFile[]
  /** Whether the login still opens the transfer (active, flag kept, same password); checked as it goes on. */
  stillValid(): Promise<boolean>
  /** The bytes of one file, or of a range of it, streamed from the store. */
  read(fileId: string, range: ByteRange): Promise<Readable>
  /**
   * A file opened for reading, before its first byte: like an HTTPS download, a limited transfer's
   * slot is taken here (410 download_limit_reached when none is left). The tally counts it once
   * every byte reached the client, or gives the slot back when the file is closed short of that.
   */
  begin(fileId: string): Promise<DownloadTally>
}

/** Where a transfer's SFTP login connects: this server's public host and port, and the host key to expect. */
export interface SftpEndpoint {
  port: number
  hostKeyFingerprint: string
}

const shareIdPattern = /^[A-Za-z0-9_-]{16,64}$/
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Read-only SFTP access to a transfer (DECISIONS §12 `sftp_download`). The credentials are the
 * transfer's share id and a password derived from it and its locks (sftp/sftp-credentials.ts);
 * wrong passwords are limited by the same limiter as the share page's unlock, before any compare.
 */
export function createSftpService(
  deps: SftpDeps,
  {
    plans,
    transfers,
    sshKeys,
    eventLog,
    links,
  }: {
    plans: Pick<PlansService, 'planForUser'>
    transfers: Pick<TransfersService, 'beginDownload'>
    sshKeys: Pick<SshKeysService, 'check' | 'stillHas'>
    /** Downloads over SFTP in the event log (issue 21), as over HTTPS. */
    eventLog?: EventLog
    /** The host an organization's logins show: its verified custom domain (issue 22 item 2). */
    links?: LinkOrigins
  },
) {
  const repo = createTransfersRepository(deps.database.db)
  const unlockLimit = createUnlockLimit(deps)
  const getSecret = cachedSecret(deps.database.db, 'sftp-credentials')
  let endpoint: SftpEndpoint | undefined

  /** Whether the transfer may be read over SFTP now: active, and its sender's plan has the flag. */
  async function readable(aggregate: TransferAggregate, bySender: boolean): Promise<boolean> {
    const { transfer } = aggregate
    if (statusOf(aggregate, deps.clock.now()) !== 'active' || !transfer.userId) return false
    // A data room's bytes are its sender's alone (issue 19 item 3): the shared password opens nothing.
    if (transfer.cleanDataRoom && !bySender) return false
    // Past its download limit the files are gone (issue 18 item 2).
    if (transfer.spentAt) return false
    // Held by the virus scan (issue 24 item 7): frozen for all, being checked for all but the sender.
    if (transfer.scanHold === 'frozen' || (transfer.scanHold === 'scanning' && !bySender)) return false
    return (await plans.planForUser(transfer.userId)).sftp_download
  }

  /** The transfer a user name names, once the limiter let the try in (before any credential is compared). */
  async function admitted(username: string, clientIp: string) {
    const shareId = shareIdOfSftpUsername(username)
    const found = shareIdPattern.test(shareId) ? await repo.findShare(shareId) : undefined
    // An unknown user name still counts against the client address, like any wrong try.
    await unlockLimit.admit(found?.transfer.id ?? 'none', clientIp)
    return found
  }

  /** The session of a signed-in login; `credentialHolds` says whether what signed it in still opens the transfer. */
  function openLogin(
    found: TransferAggregate,
    bySender: boolean,
    credentialHolds: (now: TransferAggregate) => Promise<boolean>,
    clientIp: string,
  ): SftpLogin {
    const byId = new Map(found.files.map((f) => [f.id, f]))
    const file = (id: string) => {
      const row = byId.get(id)
      if (!row) throw ruleError('transfer_file_not_found', 404)
      return row
    }
    return {
      transferId: found.transfer.id,
      createdAt: found.transfer.createdAt,
      files: found.files.map((f) => ({ id: f.id, name: f.fileName, size: f.fileSize })),
      async stillValid() {
        const now = await repo.findShare(found.transfer.uniqueId)
        return !!now && (await readable(now, bySender)) && (await credentialHolds(now))
      },
      read: (fileId, range) => deps.blobs.read(file(fileId).fileKey, range),
      begin: async (fileId) => {
        // The transfer as it is now: its count and limit may have moved since the login.
        const now = await repo.findShare(found.transfer.uniqueId)
        if (!now) throw ruleError('transfer_not_found', 404)
        const opened = file(fileId)
        const tracking = eventLog
          ? trackDownload(
              eventLog,
              { transfer: now.transfer, protocol: 'sftp', fileId, recipientId: null, bytes: opened.fileSize },
              { address: clientIp, userAgent: 'SFTP' },
            )
          : undefined
        const tally = await transfers.beginDownload({ aggregate: now, files: [opened], recipientId: null })
        await tracking?.started(0)
        return tracking ? tracking.track(tally) : tally
      },
    }
  }

  return {
    /** The running SFTP server tells where it listens; until then (or with SFTP_PORT=0) there is none. */
    listening(at: SftpEndpoint | undefined) {
      endpoint = at
    },

    /** GET /api/transfers/{id}/sftp: the owner's (or an admin's) view of the transfer's login. */
    async credentials(viewer: Viewer, id: string): Promise<TransferSftpResponse> {
      const found = uuidPattern.test(id) ? await repo.findById(id) : undefined
      const mayManage = viewer && found && (found.transfer.userId === viewer.id || isAdmin(viewer.role))
      if (!found || found.transfer.deletedAt !== null || !mayManage) throw ruleError('transfer_not_found', 404)
      if (statusOf(found, deps.clock.now()) === 'expired') throw ruleError('transfer_expired', 403)
      requirePlanFeature(await plans.planForUser(found.transfer.userId), 'sftp_download')
      if (!endpoint) throw new AppError('sftp_off', 409)
      return {
        host: links && found.transfer.userId ? await links.sftpHost(found.transfer.userId) : deps.config.sftp.host,
        port: endpoint.port,
        username: sftpUsername(found.transfer),
        password: sftpPassword(await getSecret(), found.transfer, found.recipients),
        host_key_fingerprint: endpoint.hostKeyFingerprint,
      }
    },

    /**
     * A password login: the login, or null for a wrong user name or password (counted), or a
     * transfer that cannot be read over SFTP. Throws the limiter's 429 error when over a limit.
     */
    async login(username: string, password: string, clientIp: string): Promise<SftpLogin | null> {
      const found = await admitted(username, clientIp)
      if (!found) return null
      const transferId = found.transfer.id
      const key = await getSecret()
      if (!isSftpPassword(key, found.transfer, found.recipients, password)) {
        await unlockLimit.failed(transferId, clientIp)
        return null
      }
      if (!(await readable(found, false))) return null
      await unlockLimit.succeeded(transferId, clientIp)
      return openLogin(
        found,
        false,
        async (now) => isSftpPassword(key, now.transfer, now.recipients, password),
        clientIp,
      )
    },

    /**
     * A public-key login with one of the sender's SSH keys (their profile): the login once the
     * client signed with the key, 'known' when it only asked whether the key would do, null when
     * it would not. A signature that does not verify counts as a wrong try; a key query does not
     * (clients offer each key they hold in turn).
     */
    async loginWithKey(username: string, offered: OfferedKey, clientIp: string): Promise<SftpLogin | 'known' | null> {
      const found = await admitted(username, clientIp)
      const senderId = found?.transfer.userId
      if (!found || !senderId) return null
      const outcome = await sshKeys.check(senderId, offered)
      if (outcome === 'refused') {
        if (offered.signature) await unlockLimit.failed(found.transfer.id, clientIp)
        return null
      }
      if (!(await readable(found, true))) return null
      if (outcome === 'known') return 'known'
      await unlockLimit.succeeded(found.transfer.id, clientIp)
      return openLogin(found, true, () => sshKeys.stillHas(senderId, offered.data), clientIp)
    },
  }
}

export type SftpService = ReturnType<typeof createSftpService>
