// A software passkey for the tests: an ES256 key pair from node:crypto that answers WebAuthn
// options as a browser and a security key together would (attestation "none"), returning the
// credential objects navigator.credentials gives, for supabase-js to serialize. Each field a test
// may want wrong (origin, RP ID, counter, challenge type) can be set.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

type Bytes = ArrayBuffer | ArrayBufferView

const bytesOf = (value: Bytes) =>
  value instanceof ArrayBuffer ? Buffer.from(value) : Buffer.from(value.buffer, value.byteOffset, value.byteLength)
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const arrayBuffer = (data: Buffer) => data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)

/** Options as supabase-js hands them to navigator.credentials (challenge and ids as bytes). */
export interface CreationOptions {
  challenge: Bytes
  rp: { id?: string; name: string }
  user: { id: Bytes; name: string }
  excludeCredentials?: { id: Bytes }[]
}
export interface RequestOptions {
  challenge: Bytes
  rpId?: string
  allowCredentials?: { id: Bytes }[]
}

export interface Overrides {
  origin?: string
  rpId?: string
  type?: string
  /** The signature counter to report instead of the next one. */
  counter?: number
}

// Flags of authenticator data: user present, user verified, attested credential data included.
const UP = 0x01
const UV = 0x04
const AT = 0x40

export class SoftwarePasskey {
  readonly credentialId = randomBytes(32)
  readonly aaguid = randomBytes(16)
  counter = 0
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject

  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = pair.privateKey
    this.publicKey = pair.publicKey
  }

  get id(): string {
    return this.credentialId.toString('base64url')
  }

  /** navigator.credentials.create(): a registration credential with a "none" attestation. */
  create(options: CreationOptions, overrides: Overrides = {}) {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname
    if (options.excludeCredentials?.some((c) => bytesOf(c.id).equals(this.credentialId)))
      throw new Error('InvalidStateError: this authenticator is already registered')
    const clientDataJSON = this.clientData(overrides.type ?? 'webauthn.create', options.challenge, overrides)
    const jwk = this.publicKey.export({ format: 'jwk' })
    // COSE_Key of an EC2 P-256 key for ES256: kty 2, alg -7, crv 1, x, y.
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const authData = Buffer.concat([
      this.authenticatorData(rpId, UP | UV | AT, overrides.counter ?? this.counter),
      this.aaguid,
      idLength,
      this.credentialId,
      Buffer.from(coseKey),
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    )
    return this.credential({
      clientDataJSON: arrayBuffer(clientDataJSON),
      attestationObject: arrayBuffer(Buffer.from(attestationObject)),
      getTransports: () => ['usb'],
    })
  }

  /** navigator.credentials.get(): an assertion signed with the key, the counter moved on. */
  get(options: RequestOptions, overrides: Overrides = {}) {
    const rpId = overrides.rpId ?? options.rpId ?? new URL(this.origin).hostname
    if (options.allowCredentials && !options.allowCredentials.some((c) => bytesOf(c.id).equals(this.credentialId)))
      throw new Error('NotAllowedError: no credential of this authenticator is allowed')
    const counter = overrides.counter ?? ++this.counter
    const clientDataJSON = this.clientData(overrides.type ?? 'webauthn.get', options.challenge, overrides)
    const authenticatorData = this.authenticatorData(rpId, UP | UV, counter)
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey)
    return this.credential({
      clientDataJSON: arrayBuffer(clientDataJSON),
      authenticatorData: arrayBuffer(authenticatorData),
      signature: arrayBuffer(signature),
      userHandle: null,
    })
  }

  private clientData(type: string, challenge: Bytes, overrides: Overrides): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: bytesOf(challenge).toString('base64url'),
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    )
  }

  private authenticatorData(rpId: string, flags: number, counter: number): Buffer {
    const signCount = Buffer.alloc(4)
    signCount.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), signCount])
  }

  // The PublicKeyCredential shape auth-js serializes when the browser has no toJSON().
  private credential<R>(response: R) {
    return {
      id: this.id,
      rawId: arrayBuffer(this.credentialId),
      type: 'public-key' as const,
      authenticatorAttachment: 'cross-platform' as const,
      getClientExtensionResults: () => ({}),
      response,
    }
  }
}
