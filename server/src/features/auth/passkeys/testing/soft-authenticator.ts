import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

// A software WebAuthn authenticator for API tests: a P-256 key (ES256), "none" attestation, a
// signature counter, and knobs to answer as a wrong origin, RP or counter would.

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest()
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data))
const u32 = (n: number) => {
  const out = Buffer.alloc(4)
  out.writeUInt32BE(n)
  return out
}
const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 }

export interface AnswerOptions {
  /** The challenge to sign instead of the options' one. */
  challenge?: string
  origin?: string
  rpID?: string
  /** The counter to report (default: one more than the last). */
  counter?: number
  userVerified?: boolean
}

export function createSoftAuthenticator(defaults: { origin: string; rpID: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const credentialId = randomBytes(16)
  let counter = 0
  let userHandle: string | undefined

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))

  const authenticatorData = (rpID: string, userVerified: boolean, count: number, attested?: Uint8Array) =>
    Buffer.concat([
      sha256(Buffer.from(rpID)),
      Buffer.from([flags.userPresent | (userVerified ? flags.userVerified : 0) | (attested ? flags.attestedData : 0)]),
      u32(count),
      attested ?? Buffer.alloc(0),
    ])

  const coseKey = () =>
    isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    )

  return {
    credentialId: b64(credentialId),

    /** What navigator.credentials.create() answers for these options. */
    register(options: { challenge: string; user?: { id: string } }, answer: AnswerOptions = {}) {
      userHandle = options.user?.id
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey()])
      const authData = authenticatorData(answer.rpID ?? defaults.rpID, answer.userVerified ?? true, counter, attested)
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      )
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(
            clientData('webauthn.create', answer.challenge ?? options.challenge, answer.origin ?? defaults.origin),
          ),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      }
    },

    /** What navigator.credentials.get() answers for these options, signed with this key. */
    assert(options: { challenge: string }, answer: AnswerOptions = {}) {
      counter = answer.counter ?? counter + 1
      const authData = authenticatorData(answer.rpID ?? defaults.rpID, answer.userVerified ?? true, counter)
      const clientDataJSON = clientData(
        'webauthn.get',
        answer.challenge ?? options.challenge,
        answer.origin ?? defaults.origin,
      )
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey)
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
      }
    },
  }
}
