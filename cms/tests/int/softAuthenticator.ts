/**
 * A software passkey authenticator for the integration tests: a P-256 key made with node:crypto,
 * 'none' attestation, authenticator data and signatures built by hand as the WebAuthn spec lays
 * them out (§6.1 authenticator data, §6.5.4 attestation object, §6.3.3 assertion signature), CBOR
 * from the encoder @simplewebauthn/server itself ships. Its answers are the JSON that
 * `@simplewebauthn/browser` posts, so the server checks them exactly as it checks a browser's.
 */
import crypto from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64 = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url')
const sha256 = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest()

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 }

export interface Ceremony {
  /** Overrides, to make a response the server must refuse. */
  origin?: string
  rpId?: string
  userVerified?: boolean
  counter?: number
  challenge?: string
}

export class SoftAuthenticator {
  readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
  readonly credentialId = crypto.randomBytes(16)
  counter = 0
  userHandle: string | undefined

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {}

  get id() {
    return b64(this.credentialId)
  }

  private coseKey() {
    const jwk = this.keys.publicKey.export({ format: 'jwk' })
    // kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    )
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])])
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** navigator.credentials.create(): a registration response for these options. */
  register(options: { challenge: string; user: { id: string } }, c: Ceremony = {}) {
    this.userHandle = options.user.id
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.coseKey())])
    const flags = FLAG.UP | (c.userVerified === false ? 0 : FLAG.UV) | FLAG.BE | FLAG.BS | FLAG.AT
    const authData = this.authData(c.rpId ?? this.rpId, flags, this.counter, attested)
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(
          this.clientData('webauthn.create', c.challenge ?? options.challenge, c.origin ?? this.origin),
        ),
        attestationObject: b64(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    }
  }

  /** navigator.credentials.get(): an assertion for this challenge, the counter moved on by one. */
  assert(challenge: string, c: Ceremony = {}) {
    this.counter = c.counter ?? this.counter + 1
    const flags = FLAG.UP | (c.userVerified === false ? 0 : FLAG.UV) | FLAG.BE | FLAG.BS
    const authData = this.authData(c.rpId ?? this.rpId, flags, this.counter)
    const clientDataJSON = this.clientData('webauthn.get', c.challenge ?? challenge, c.origin ?? this.origin)
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    }
  }
}
