import ssh2 from 'ssh2'
import { describe, expect, it } from 'vitest'
import { newHostKey } from './sftp-host-key.js'

const generate = () => ssh2.utils.generateKeyPairSync('ed25519').private
const readable = (key: string) => !(ssh2.utils.parseKey(key) instanceof Error)

describe('newHostKey', () => {
  it('never keeps a key ssh2 cannot read back (mscdex/ssh2#1513: about one in 256)', () => {
    // A real unreadable key, found the way a server would meet one.
    let unreadable: string | undefined
    for (let i = 0; i < 20_000 && !unreadable; i++) {
      const key = generate()
      if (!readable(key)) unreadable = key
    }
    // A readable one to follow it: a fresh key is itself unreadable one time in 256.
    let good = generate()
    while (!readable(good)) good = generate()
    // Were ssh2 fixed, a key that is no key at all stands in.
    const made = [unreadable ?? 'not a key', good]
    const key = newHostKey(() => made.shift() as string)
    expect(made).toEqual([])
    expect(readable(key)).toBe(true)
  })

  it('gives up with a clear error rather than loop for ever', () => {
    expect(() => newHostKey(() => 'not a key')).toThrow(/64 Ed25519 keys/)
  })
})
