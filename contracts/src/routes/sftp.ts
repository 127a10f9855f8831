import {
  sshKeyCreateRequest,
  sshKeyIdParams,
  sshKeyListResponse,
  sshKeySchema,
  transferSftpResponse,
} from '../api/sftp.js'
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
      'and changes when its password, its access mode or (recipients-only) its recipient list changes. The same user name also signs in with any SSH key on the ' +
      "sender's profile (`/api/account/ssh-keys`). 409 `sftp_off` when this server runs no SFTP server.",
    params: transferIdParams,
    responses: { 200: transferSftpResponse },
  },
})

/**
 * The signed-in user's SSH public keys: each opens the SFTP login of any of the user's transfers
 * (user name: the transfer's), instead of its password. No API-key scope: only a signed-in user
 * manages them.
 */
export const sshKeysApi = defineRoutes('ssh-keys', {
  list: {
    method: 'GET',
    path: '/api/account/ssh-keys',
    access: 'user',
    summary: "The signed-in user's SSH public keys: name, type, fingerprint, added, last used",
    responses: { 200: sshKeyListResponse },
  },
  create: {
    method: 'POST',
    path: '/api/account/ssh-keys',
    access: 'user',
    summary: 'Adds an SSH public key (one line of a .pub file) for SFTP sign-in',
    description:
      'Accepts ssh-ed25519, ecdsa-sha2-nistp256/384/521 and ssh-rsa keys in OpenSSH form. 422 `ssh_key_invalid` ' +
      'for anything else, `ssh_key_private` for a private key (it is not kept); 409 `ssh_key_exists` for a key ' +
      'already added, `ssh_keys_too_many` past 20 keys.',
    body: sshKeyCreateRequest,
    responses: { 201: sshKeySchema },
  },
  remove: {
    method: 'DELETE',
    path: '/api/account/ssh-keys/:id',
    access: 'user',
    summary: 'Removes an SSH key: SFTP sign-in with it stops at once, on every instance',
    params: sshKeyIdParams,
    responses: { 204: null },
  },
})
