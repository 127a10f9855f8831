import type { AddressInfo } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
// ssh2 is CommonJS: Node's ESM loader (the built server) sees only its default export.
import ssh2, { type Algorithms, type Attributes, type Connection, type SFTPWrapper } from 'ssh2'
import type { Deps } from '../deps.js'
import { AppError } from '../errors.js'
import type { SftpFile, SftpLogin, SftpService } from '../features/transfers/sftp.service.js'
import type { DownloadTally } from '../http/download/download-reply.js'
import { loadOrCreateSftpHostKey, type SftpHostKey } from '../secrets/sftp-host-key.js'
import { ByteCoverage, SequentialReader } from './sequential-reader.js'
import { buildTree, findNode, normalizePath, type TreeNode } from './virtual-tree.js'

const { Server, utils } = ssh2
const { STATUS_CODE, OPEN_MODE } = utils.sftp
/** Any of these in an OPEN asks to change the file: refused, the login is read-only. */
const writeModes = OPEN_MODE.WRITE | OPEN_MODE.CREAT | OPEN_MODE.TRUNC | OPEN_MODE.APPEND | OPEN_MODE.EXCL
/** How long a check that the login still opens its transfer is trusted while a file is read. */
const recheckMs = 5_000
/** How long a client may take to sign in before it is cut off. */
const loginTimeoutMs = 30_000
/**
 * AES-GCM first: Node's crypto runs it natively, while ssh2's chacha20-poly1305 (OpenSSH's first
 * choice) is JavaScript unless ssh2's optional addon was compiled at install, several times
 * slower per byte. The others stay for clients without GCM.
 */
const algorithms: Algorithms = {
  cipher: [
    'aes128-gcm@openssh.com',
    'aes256-gcm@openssh.com',
    'aes128-ctr',
    'aes256-ctr',
    'chacha20-poly1305@openssh.com',
  ],
}

export interface SftpServerOptions {
  host: string
  /** 0 for any free port (tests). */
  port: number
  hostKey: SftpHostKey
  sftp: SftpService
  logger: FastifyBaseLogger
}

export interface RunningSftpServer {
  port: number
  close(): Promise<void>
}

type Node = TreeNode<SftpFile>
type Handle =
  | { kind: 'dir'; node: Extract<Node, { kind: 'dir' }>; listed: boolean }
  | { kind: 'file'; file: SftpFile; reader: SequentialReader; tally: DownloadTally; queue: Promise<void> }

/**
 * The SFTP transport (plan flag sftp_download), beside HTTP: ssh2's server with a password login
 * per transfer, or the sender's SSH keys (sftp.service.ts), and a read-only virtual tree of its files. It calls the same
 * service the web does; bytes are streamed from the store, never copied to disk.
 */
export async function startSftpServer(options: SftpServerOptions): Promise<RunningSftpServer> {
  const { sftp, logger } = options
  const clients = new Set<Connection>()
  const server = new Server({ hostKeys: [options.hostKey.privateKey], ident: 'Ferry', algorithms }, (client, info) => {
    clients.add(client)
    let login: SftpLogin | null = null
    const timer = setTimeout(() => login || client.end(), loginTimeoutMs)
    client.on('close', () => {
      clearTimeout(timer)
      clients.delete(client)
    })
    client.on('error', (error) => logger.debug({ err: error, ip: info.ip }, 'SFTP connection error'))
    client.on('authentication', (ctx) => {
      const methods: Array<'password' | 'publickey'> = ['password', 'publickey']
      let attempt: Promise<SftpLogin | 'known' | null>
      if (ctx.method === 'password') {
        attempt = sftp.login(ctx.username, ctx.password, info.ip)
      } else if (ctx.method === 'publickey') {
        const { key, signature, blob, hashAlgo } = ctx
        attempt = sftp.loginWithKey(
          ctx.username,
          { algo: key.algo, data: key.data, signature: signature && blob ? { blob, signature, hashAlgo } : undefined },
          info.ip,
        )
      } else {
        return ctx.reject(methods)
      }
      attempt.then(
        (found) => {
          if (found === 'known') return ctx.accept() // the client may now sign with this key
          login = found
          if (found) ctx.accept()
          else ctx.reject(methods)
        },
        (error) => {
          // Over a limit (429), or the limiter's store is down (503): the try is refused either way.
          logger.info({ err: error, ip: info.ip }, 'SFTP login refused before the credential was checked')
          ctx.reject(methods)
        },
      )
    })
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession()
        session.on('sftp', (acceptSftp) => serve(acceptSftp(), login!, client, logger))
        // No shell, command or forwarding: a session is for the sftp subsystem only.
        session.on('exec', (_accept, reject) => reject())
        session.on('shell', (_accept, reject) => reject())
        session.on('pty', (_accept, reject) => reject?.())
      })
      client.on('tcpip', (_accept, reject) => reject())
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of clients) client.end()
        server.close(() => resolve())
      }),
  }
}

function serve(sftp: SFTPWrapper, login: SftpLogin, client: Connection, logger: FastifyBaseLogger) {
  const root = buildTree(login.files)
  const handles = new Map<number, Handle>()
  // What this login sent of each file, over all its handles: a download resumed on a new handle
  // (`reget`) completes like a resumed HTTPS one, and counts once per login.
  const sent = new Map<string, ByteCoverage>()
  const counted = new Set<string>()
  let nextHandle = 1
  let checkedAt = Date.now()
  const mtime = Math.floor(login.createdAt.getTime() / 1000)

  const attrsOf = (node: Node): Attributes =>
    node.kind === 'dir'
      ? { mode: 0o040555, uid: 0, gid: 0, size: 0, atime: mtime, mtime }
      : { mode: 0o100444, uid: 0, gid: 0, size: node.file.size, atime: mtime, mtime }
  const longname = (name: string, node: Node) => {
    const mode = node.kind === 'dir' ? 'dr-xr-xr-x' : '-r--r--r--'
    const size = node.kind === 'dir' ? 0 : node.file.size
    const date = login.createdAt.toUTCString().slice(5, 16)
    return `${mode}    1 ferry    ferry    ${String(size).padStart(12)} ${date} ${name}`
  }
  const newHandle = (handle: Handle) => {
    const id = nextHandle++
    handles.set(id, handle)
    const buffer = Buffer.alloc(4)
    buffer.writeUInt32BE(id)
    return buffer
  }
  const handleOf = (buffer: Buffer) => (buffer.length === 4 ? handles.get(buffer.readUInt32BE(0)) : undefined)

  /** The transfer expired, was deleted, lost the flag or changed its password: the login ends. */
  async function stillOpen(force: boolean): Promise<boolean> {
    if (!force && Date.now() - checkedAt < recheckMs) return true
    const valid = await login.stillValid().catch(() => false)
    checkedAt = Date.now()
    if (!valid) setImmediate(() => client.end())
    return valid
  }

  /** A file handle closed (or its session gone): its stream ends, and a slot it held unread is given back. */
  const release = (handle: Extract<Handle, { kind: 'file' }>) => {
    handle.reader.close()
    // A no-op once the download counted (the tally settles once).
    return handle.tally
      .cutOff()
      .catch((error) =>
        logger.warn({ err: error, transferId: login.transferId }, 'Could not give back a download slot'),
      )
  }

  const refuse = (reqid: number) => sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED, 'This SFTP login is read-only.')
  const missing = (reqid: number) => sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE, 'No such file.')

  sftp.on('REALPATH', (reqid, path) => {
    const clean = normalizePath(path)
    const node = findNode(root, clean)
    sftp.name(reqid, [{ filename: clean, longname: clean, attrs: node ? attrsOf(node) : ({} as Attributes) }])
  })
  const stat = (reqid: number, path: string) => {
    const node = findNode(root, path)
    if (node) sftp.attrs(reqid, attrsOf(node))
    else missing(reqid)
  }
  sftp.on('STAT', stat)
  sftp.on('LSTAT', stat)
  sftp.on('FSTAT', (reqid, buffer) => {
    const handle = handleOf(buffer)
    if (!handle) return sftp.status(reqid, STATUS_CODE.FAILURE, 'Unknown handle.')
    sftp.attrs(reqid, attrsOf(handle.kind === 'dir' ? handle.node : { kind: 'file', path: '', file: handle.file }))
  })

  sftp.on('OPENDIR', async (reqid, path) => {
    if (!(await stillOpen(true))) return refuse(reqid)
    const node = findNode(root, path)
    if (!node) return missing(reqid)
    if (node.kind !== 'dir') return sftp.status(reqid, STATUS_CODE.FAILURE, 'Not a folder.')
    sftp.handle(reqid, newHandle({ kind: 'dir', node, listed: false }))
  })
  sftp.on('READDIR', (reqid, buffer) => {
    const handle = handleOf(buffer)
    if (handle?.kind !== 'dir') return sftp.status(reqid, STATUS_CODE.FAILURE, 'Unknown handle.')
    if (handle.listed) return sftp.status(reqid, STATUS_CODE.EOF)
    handle.listed = true
    sftp.name(
      reqid,
      [...handle.node.children].map(([name, node]) => ({
        filename: name,
        longname: longname(name, node),
        attrs: attrsOf(node),
      })),
    )
  })

  sftp.on('OPEN', async (reqid, path, flags) => {
    if (flags & writeModes) return refuse(reqid)
    if (!(await stillOpen(true))) return refuse(reqid)
    const node = findNode(root, path)
    if (!node) return missing(reqid)
    if (node.kind !== 'file') return sftp.status(reqid, STATUS_CODE.FAILURE, 'Not a file.')
    const { file } = node
    let tally: DownloadTally
    try {
      // Before the first byte, as for HTTPS: a limited transfer's last download is held for this handle.
      tally = await login.begin(file.id)
    } catch (error) {
      if (error instanceof AppError && error.status === 410) {
        return sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED, 'This transfer reached its download limit.')
      }
      logger.warn({ err: error, transferId: login.transferId }, 'SFTP open failed')
      return sftp.status(reqid, STATUS_CODE.FAILURE, 'The file could not be opened. Please try again.')
    }
    const reader = new SequentialReader(file.size, (start) =>
      login.read(file.id, { start, end: Math.max(start, file.size - 1) }),
    )
    const handle: Handle = { kind: 'file', file, reader, tally, queue: Promise.resolve() }
    sftp.handle(reqid, newHandle(handle))
  })

  sftp.on('READ', (reqid, buffer, offset, length) => {
    const handle = handleOf(buffer)
    if (handle?.kind !== 'file') return sftp.status(reqid, STATUS_CODE.FAILURE, 'Unknown handle.')
    // One request at a time per file, in the order they came: the reader follows the stream.
    handle.queue = handle.queue.then(async () => {
      try {
        if (!(await stillOpen(false))) return refuse(reqid)
        const bytes = await handle.reader.read(offset, length)
        const { file } = handle
        const coverage = sent.get(file.id) ?? new ByteCoverage(file.size)
        sent.set(file.id, coverage)
        if (bytes) {
          coverage.add(offset, offset + bytes.length)
          sftp.data(reqid, bytes)
        } else {
          sftp.status(reqid, STATUS_CODE.EOF)
        }
        if (!counted.has(file.id) && coverage.reachedEnd) {
          counted.add(file.id)
          await handle.tally.completed()
        }
      } catch (error) {
        logger.warn({ err: error, transferId: login.transferId }, 'SFTP read failed')
        sftp.status(reqid, STATUS_CODE.FAILURE, 'The file could not be read. Please try again.')
      }
    })
  })

  sftp.on('CLOSE', (reqid, buffer) => {
    const handle = handleOf(buffer)
    if (!handle) return sftp.status(reqid, STATUS_CODE.FAILURE, 'Unknown handle.')
    handles.delete(buffer.readUInt32BE(0))
    if (handle.kind === 'file') void handle.queue.then(() => release(handle))
    sftp.status(reqid, STATUS_CODE.OK)
  })

  // Everything that would change the tree is refused: the login is read-only.
  for (const event of ['WRITE', 'FSETSTAT', 'SETSTAT', 'REMOVE', 'RMDIR', 'MKDIR', 'RENAME', 'SYMLINK'] as const) {
    sftp.on(event, (reqid: number) => refuse(reqid))
  }
  sftp.on('READLINK', (reqid) => missing(reqid))
  // The client has sent its last request (EOF on the channel): close our side too, or OpenSSH's
  // client waits for the channel to close before it exits.
  sftp.on('end', () => sftp.end())
  sftp.on('close', () => {
    for (const handle of handles.values()) if (handle.kind === 'file') void handle.queue.then(() => release(handle))
    handles.clear()
  })
}

/**
 * Starts the SFTP server for this instance (main.ts; tests with `port: 0`) with the host key every
 * instance shares, and tells the SFTP service where it listens, for the credentials it shows.
 */
export async function startSftp(
  deps: Pick<Deps, 'config' | 'database' | 'logger'>,
  sftp: SftpService,
  port = deps.config.sftp.port,
): Promise<RunningSftpServer> {
  const hostKey = await loadOrCreateSftpHostKey(deps.database.db)
  const server = await startSftpServer({ host: deps.config.host, port, hostKey, sftp, logger: deps.logger })
  sftp.listening({ port: server.port, hostKeyFingerprint: hostKey.fingerprint })
  return {
    port: server.port,
    close: () => {
      sftp.listening(undefined)
      return server.close()
    },
  }
}
