import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

/** AES-256 needs 32 bytes of key. */
export const CREDENTIALS_KEY_BYTES = 32
const NONCE_BYTES = 12
const TAG_BYTES = 16
const VERSION = 'v1'

/** A sealed value could not be opened: another key, or altered text. */
export class SecretBoxError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SecretBoxError'
  }
}

/**
 * Seals short secrets (event credentials' secret keys) for the app database: AES-256-GCM with a fresh
 * 96-bit random nonce per value and the row's identity as additional data, so a sealed value copied to
 * another row does not open. Text form `v1.<key id>.<nonce>.<ciphertext+tag>` (base64url); the key id
 * names the key (an HMAC of it, which says nothing about the key) so a value sealed under another key
 * is refused with a message that says so rather than as corrupt.
 */
export interface SecretBox {
  /** 16 hex digits naming the key. */
  readonly keyId: string
  seal(plain: string, context: string): string
  open(sealed: string, context: string): string
}

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== CREDENTIALS_KEY_BYTES) {
    throw new SecretBoxError(`The credentials key must be ${CREDENTIALS_KEY_BYTES} bytes, got ${key.length}`)
  }
  const keyId = createHmac('sha256', key).update('ludex credentials key id').digest('hex').slice(0, 16)
  return {
    keyId,
    seal(plain, context) {
      const nonce = randomBytes(NONCE_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
      return [VERSION, keyId, nonce.toString('base64url'), body.toString('base64url')].join('.')
    },
    open(sealed, context) {
      const [version, id, nonceText, bodyText, ...rest] = sealed.split('.')
      if (version !== VERSION || !id || !nonceText || !bodyText || rest.length > 0) {
        throw new SecretBoxError('Not a sealed value')
      }
      if (id !== keyId) {
        throw new SecretBoxError(
          `Sealed under another credentials key (${id}; this process has ${keyId}): every API process needs the same CREDENTIALS_KEY`,
        )
      }
      const nonce = Buffer.from(nonceText, 'base64url')
      const body = Buffer.from(bodyText, 'base64url')
      if (nonce.length !== NONCE_BYTES || body.length < TAG_BYTES)
        throw new SecretBoxError('Not a sealed value')
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce)
        decipher.setAAD(Buffer.from(context, 'utf8'))
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8')
      } catch (cause) {
        throw new SecretBoxError(
          'The sealed value does not open with this key (altered, or moved to another row)',
          {
            cause,
          },
        )
      }
    },
  }
}
