import { transferSftpResponse } from '../api/sftp.js'
import { transferIdParams } from '../api/transfers.js'
import { defineRoutes } from './route.js'

/** Read-only SFTP access to a transfer's files (DECISIONS §12 `sftp_download`). */
export const sftpApi = defineRoutes('sftp', {
  credentials: {
    method: 'GET',
    path: '/api/transfers/:id/sftp',
    access: 'user',
    scope: 'transfers:read',
    planFeature: 'sftp_download',
    summary: "The transfer's read-only SFTP login: host, port, user name and password",
    description:
      'Only the sender (others get 404). The login lists the transfer’s files and folders and reads them; ' +
      'writes, renames and deletes are refused. It stops working when the transfer expires or is deleted, ' +
      'and changes when its password changes. 409 `sftp_off` when this server runs no SFTP server.',
    params: transferIdParams,
    responses: { 200: transferSftpResponse },
  },
})
