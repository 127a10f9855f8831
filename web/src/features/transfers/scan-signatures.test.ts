import { describe, expect, it } from 'vitest'
import { testTransfer } from '../../testing/test-transfer.js'
import { infectedSignatures } from './scan-signatures.js'

const file = (name: string, scan_status: 'clean' | 'infected' | null, scan_signature: string | null) => ({
  file_id: crypto.randomUUID(),
  file_key: name,
  file_name: name,
  file_size: 68,
  content_type: 'application/octet-stream',
  sha256: null,
  scan_status,
  scan_signature,
})

describe('infectedSignatures', () => {
  it('names each signature found once, and nothing of clean or unscanned files', () => {
    const transfer = testTransfer({
      files: [
        file('a.bin', 'infected', 'Eicar-Test-Signature'),
        file('b.bin', 'infected', 'Eicar-Test-Signature'),
        file('c.bin', 'clean', null),
        file('d.bin', null, null),
      ],
    })
    expect(infectedSignatures(transfer)).toBe('Eicar-Test-Signature')
    expect(infectedSignatures(testTransfer())).toBe('')
  })
})
