import { createHash, randomBytes, randomUUID } from 'node:crypto'

/** 256 random bits, base64url: session ids and emailed tokens. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** What is stored for a secret: its SHA-256 (the secret itself has enough entropy for no salt). */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url')
}

export function newAnalyticsId(): string {
  return randomUUID()
}
