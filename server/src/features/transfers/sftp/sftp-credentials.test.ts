import { describe, expect, it } from 'vitest'
import { sftpUsername, shareIdOfSftpUsername } from './sftp-credentials.js'

describe('SFTP user names', () => {
  it('never start with "-", which sftp would read as an option, even for a share id that does', () => {
    const username = sftpUsername({ uniqueId: '-Ab3_xYz9Kq' })
    expect(username.startsWith('-')).toBe(false)
    expect(shareIdOfSftpUsername(username)).toBe('-Ab3_xYz9Kq')
  })

  it('still read a bare share id, the user name logins were sent with before the prefix', () => {
    expect(shareIdOfSftpUsername('Ab3_xYz9Kq-')).toBe('Ab3_xYz9Kq-')
  })
})
