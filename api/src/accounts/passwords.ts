import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/** Argon2id in @node-rs/argon2's Algorithm enum (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2

export interface Argon2Params {
  readonly memoryKib: number
  readonly timeCost: number
  readonly parallelism: number
}

/** Argon2id hashing (memory-hard), with a dummy hash so unknown emails cost the same as wrong passwords. */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(hashed: string, password: string): Promise<boolean>
  /** Spends the time of one verification and answers false (for emails without an account or password). */
  verifyNothing(password: string): Promise<false>
}

export function createPasswordHasher(params: Argon2Params): PasswordHasher {
  const options = {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKib,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
  }
  let dummy: Promise<string> | null = null
  const self: PasswordHasher = {
    hash: (password) => hash(password, options),
    async verify(hashed, password) {
      try {
        return await verify(hashed, password)
      } catch {
        // A malformed stored hash never signs anyone in.
        return false
      }
    },
    async verifyNothing(password) {
      dummy ??= hash(randomBytes(24).toString('base64url'), options)
      await verify(await dummy, password).catch(() => false)
      return false
    },
  }
  return self
}
