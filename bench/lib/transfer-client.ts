import { transferCreateResponse } from '@ferry/contracts/api/transfers'
import { uploadsApi } from '@ferry/contracts/routes/uploads'
import { putFile, type UploadClient } from './upload-client.js'

/** A file a transfer is made of: its upload key, name and size. */
export interface UploadedFile {
  file_key: string
  file_name: string
  file_size: number
}

/** Presign, then one PUT of bytes `start..end` (inclusive) of `file`, stored as `name`. */
export async function uploadSlice(
  client: UploadClient,
  file: string,
  range: { start: number; end: number },
  name: string,
): Promise<UploadedFile> {
  const size = range.end - range.start + 1
  const signed = await client.post<{ url: string; file_key: string; headers: Record<string, string> }>(
    uploadsApi.presign.path,
    { filename: name, content_type: 'application/octet-stream', file_size: size },
  )
  const put = await putFile(signed.url, file, range, signed.headers)
  if (put.status !== 200) throw new Error(`The PUT of ${name} answered ${put.status}`)
  return { file_key: signed.file_key, file_name: name, file_size: size }
}

/** POST /api/transfers of these files to one recipient; the share id (unique_id). */
export async function createTransfer(client: UploadClient, files: UploadedFile[], title: string): Promise<string> {
  const created = transferCreateResponse.parse(
    await client.post('/api/transfers', { files, recipient_emails: ['recipient@example.com'], title }),
  )
  return created.unique_id
}
