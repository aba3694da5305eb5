import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretBox, SecretBoxError } from './secret-box.ts'

describe('the secret box (AES-256-GCM)', () => {
  const key = randomBytes(32)
  const box = createSecretBox(key)

  it('opens what it sealed, with a fresh nonce each time', () => {
    const a = box.seal('s3cret-value', 'row:1')
    const b = box.seal('s3cret-value', 'row:1')
    expect(a).not.toBe(b)
    expect(a).not.toContain('s3cret')
    expect(box.open(a, 'row:1')).toBe('s3cret-value')
    expect(box.open(b, 'row:1')).toBe('s3cret-value')
  })

  it('refuses a value moved to another row, altered, or sealed under another key', () => {
    const sealed = box.seal('s3cret-value', 'row:1')
    expect(() => box.open(sealed, 'row:2')).toThrow(SecretBoxError)
    const parts = sealed.split('.')
    const body = Buffer.from(parts[3]!, 'base64url')
    body[0] = (body[0] ?? 0) ^ 1
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'row:1')).toThrow(
      /does not open/,
    )
    const other = createSecretBox(randomBytes(32))
    expect(other.keyId).not.toBe(box.keyId)
    expect(() => other.open(sealed, 'row:1')).toThrow(/another credentials key/)
    expect(() => box.open('plain text', 'row:1')).toThrow(/Not a sealed value/)
  })

  it('names its key without revealing it, the same way every time', () => {
    expect(createSecretBox(Buffer.from(key)).keyId).toBe(box.keyId)
    expect(box.keyId).toMatch(/^[0-9a-f]{16}$/)
    expect(key.toString('hex')).not.toContain(box.keyId)
  })

  it('takes only a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/)
  })
})
