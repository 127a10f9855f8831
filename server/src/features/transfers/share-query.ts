import { eq, getTableColumns, sql } from 'drizzle-orm'
import type { DbExecutor } from '../../db/database.js'
import { fileDownloads, transferFiles, transferRecipients, transfers, users } from '../../db/schema/index.js'
import type { TransferAggregate, TransferRow } from './transfer-rows.js'

/** What the share page reads: the transfer, its parts, the sender's name and who downloaded what. */
export interface ShareAggregate extends TransferAggregate {
  /** Null when the sender's account is gone. */
  senderName: string | null
  downloads: { recipientId: string; fileId: string }[]
}

interface FileJson {
  id: string
  fileKey: string
  fileName: string
  fileSize: number
  contentType: string
  position: number
  mediaType: string | null
  thumbnailKey: string | null
  previewKey: string | null
  previewType: string | null
  roomStatus: string | null
  roomPages: number | null
  roomPageWidth: number | null
  roomPageHeight: number | null
  roomPdfKey: string | null
  sha256: string | null
  crc32: number | null
  scanStatus: string | null
  scanSignature: string | null
}

interface RecipientJson {
  id: string
  email: string
  trackingId: string
  position: number
  /** A timestamp inside JSON arrives as text on both engines. */
  firstAccessedAt: string | null
  roomRevokedAt: string | null
  downloaded: string[]
}

const filesJson = sql`(
  select coalesce(json_agg(json_build_object(
    'id', ${transferFiles.id}, 'fileKey', ${transferFiles.fileKey}, 'fileName', ${transferFiles.fileName},
    'fileSize', ${transferFiles.fileSize}, 'contentType', ${transferFiles.contentType},
    'position', ${transferFiles.position}, 'mediaType', ${transferFiles.mediaType},
    'thumbnailKey', ${transferFiles.thumbnailKey}, 'previewKey', ${transferFiles.previewKey},
    'previewType', ${transferFiles.previewType}, 'roomStatus', ${transferFiles.roomStatus},
    'roomPages', ${transferFiles.roomPages}, 'roomPageWidth', ${transferFiles.roomPageWidth},
    'roomPageHeight', ${transferFiles.roomPageHeight}, 'roomPdfKey', ${transferFiles.roomPdfKey},
    'sha256', ${transferFiles.sha256}, 'crc32', ${transferFiles.crc32},
    'scanStatus', ${transferFiles.scanStatus}, 'scanSignature', ${transferFiles.scanSignature}
  ) order by ${transferFiles.position}), '[]'::json)
  from ${transferFiles} where ${transferFiles.transferId} = ${transfers.id}
)`

const recipientsJson = sql`(
  select coalesce(json_agg(json_build_object(
    'id', ${transferRecipients.id}, 'email', ${transferRecipients.email},
    'trackingId', ${transferRecipients.trackingId}, 'position', ${transferRecipients.position},
    'firstAccessedAt', ${transferRecipients.firstAccessedAt},
    'roomRevokedAt', ${transferRecipients.roomRevokedAt},
    'downloaded', (
      select coalesce(json_agg(${fileDownloads.fileId}), '[]'::json)
      from ${fileDownloads} where ${fileDownloads.recipientId} = ${transferRecipients.id}
    )
  ) order by ${transferRecipients.position}), '[]'::json)
  from ${transferRecipients} where ${transferRecipients.transferId} = ${transfers.id}
)`

// Drivers parse json columns already; this keeps working should one hand back the text.
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T

/**
 * The share read in one round trip, as a prepared statement so drizzle builds the query once
 * (GET /api/share/{id} is the hottest public route).
 */
export function prepareShareQuery(db: DbExecutor) {
  const statement = db
    .select({
      transfer: getTableColumns(transfers),
      senderName: users.name,
      files: sql<unknown>`${filesJson}`,
      recipients: sql<unknown>`${recipientsJson}`,
    })
    .from(transfers)
    .leftJoin(users, eq(users.id, transfers.userId))
    .where(eq(transfers.uniqueId, sql.placeholder('uniqueId')))
    .prepare('share_by_unique_id')

  return async (uniqueId: string): Promise<ShareAggregate | undefined> => {
    const [row] = await statement.execute({ uniqueId })
    return row && toShareAggregate(row.transfer, row.senderName, parsed(row.files), parsed(row.recipients))
  }
}

function toShareAggregate(
  transfer: TransferRow,
  senderName: string | null,
  files: FileJson[],
  recipients: RecipientJson[],
): ShareAggregate {
  const transferId = transfer.id
  return {
    transfer,
    senderName,
    files: files.map((f) => ({ ...f, transferId })),
    recipients: recipients.map(({ downloaded: _, firstAccessedAt, roomRevokedAt, ...r }) => ({
      ...r,
      transferId,
      firstAccessedAt: firstAccessedAt === null ? null : new Date(firstAccessedAt),
      roomRevokedAt: roomRevokedAt === null ? null : new Date(roomRevokedAt),
    })),
    downloads: recipients.flatMap((r) => r.downloaded.map((fileId) => ({ recipientId: r.id, fileId }))),
  }
}
