import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'

/** Hashes blocks off the page's main thread, which stays free to move chunks on the data channel. */
let hash = sha256.create()
self.onmessage = (event: MessageEvent<ArrayBuffer | 'digest'>) => {
  if (event.data === 'digest') {
    self.postMessage(bytesToHex(hash.digest()))
    hash = sha256.create()
  } else hash.update(new Uint8Array(event.data))
}
