import { randomBytes } from 'node:crypto'
import type { GameCredential } from '@ludex/schemas'
import type { CredentialRepository, StoredCredential } from './repository.ts'
import type { SecretBox } from './secret-box.ts'

/** What ingestion needs of a credential: whose events, whether it may send, and the HMAC key. */
export interface SigningCredential {
  readonly gameKey: string
  readonly placeId: number
  readonly disabled: boolean
  readonly secretKey: string
}

/**
 * Event credentials with their secrets in the clear, for the staff calls and for ingestion. The
 * repository only ever sees sealed secrets; this service seals and opens them with the credentials key
 * (kept outside the app database), and keeps what ingestion looks up for a few seconds.
 */
export interface GameCredentials {
  list(): Promise<GameCredential[]>
  get(gameKey: string): Promise<GameCredential | null>
  /** A new credential with a fresh game key and secret (CSPRNG). DuplicateCredentialNameError if taken. */
  create(input: {
    placeId: number
    comment: string
    createdBy: number | null
    at: Date
  }): Promise<GameCredential>
  /** The credential before and after, or null when there is none with this key. */
  update(
    gameKey: string,
    change: { comment?: string; disabled?: boolean },
    at: Date,
  ): Promise<{ before: GameCredential; after: GameCredential } | null>
  /** The credential as it was, or null when there was none. */
  delete(gameKey: string): Promise<GameCredential | null>
  /**
   * The credential a signed request names, or null for an unknown key: read from the app database at
   * most every `cacheMs` per key in this process; a change made here shows at once, one made by
   * another API replica within `cacheMs`.
   */
  forSigning(gameKey: string): Promise<SigningCredential | null>
}

/** A game key: 128 random bits as 32 lower-case hex digits. */
export function newGameKey(): string {
  return randomBytes(16).toString('hex')
}

/** A secret key: 256 random bits, base64url (43 characters, ASCII: the Luau module's HMAC key). */
export function newSecretKey(): string {
  return randomBytes(32).toString('base64url')
}

/** The additional data a secret is sealed with: the row it belongs to. */
const sealContext = (gameKey: string) => `ludex:event-credential:${gameKey}`

export interface GameCredentialsOptions {
  readonly repository: CredentialRepository
  readonly box: SecretBox
  readonly now: () => number
  /** How long ingestion may use a credential read earlier (default 5 s). */
  readonly cacheMs?: number
  /** Keys remembered at most (unknown ones too, so a flood of made-up keys costs no database reads). */
  readonly cacheEntries?: number
}

export function createGameCredentials(options: GameCredentialsOptions): GameCredentials {
  const { repository, box, now } = options
  const cacheMs = options.cacheMs ?? 5_000
  const maxEntries = options.cacheEntries ?? 10_000
  const cache = new Map<string, { value: SigningCredential | null; until: number }>()

  const reveal = (c: StoredCredential): GameCredential => ({
    game_key: c.gameKey,
    secret_key: box.open(c.secretSealed, sealContext(c.gameKey)),
    place_id: c.placeId,
    comment: c.comment,
    disabled: c.disabled,
  })
  const remember = (gameKey: string, value: SigningCredential | null) => {
    cache.delete(gameKey)
    // Map order is insertion order: the first key is the one remembered longest ago.
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string)
    cache.set(gameKey, { value, until: now() + cacheMs })
  }

  return {
    list: async () => (await repository.list()).map(reveal),
    async get(gameKey) {
      const stored = await repository.get(gameKey)
      return stored ? reveal(stored) : null
    },
    async create({ placeId, comment, createdBy, at }) {
      const gameKey = newGameKey()
      const secretKey = newSecretKey()
      const stored = await repository.insert({
        gameKey,
        placeId,
        comment,
        disabled: false,
        secretSealed: box.seal(secretKey, sealContext(gameKey)),
        createdBy,
        createdAt: at,
        updatedAt: at,
      })
      cache.delete(gameKey)
      return reveal(stored)
    },
    async update(gameKey, change, at) {
      const before = await repository.get(gameKey)
      if (!before) return null
      const after = await repository.update(gameKey, change, at)
      cache.delete(gameKey)
      return after ? { before: reveal(before), after: reveal(after) } : null
    },
    async delete(gameKey) {
      const before = await repository.get(gameKey)
      if (!before) return null
      const deleted = await repository.delete(gameKey)
      cache.delete(gameKey)
      return deleted ? reveal(before) : null
    },
    async forSigning(gameKey) {
      const hit = cache.get(gameKey)
      if (hit && hit.until > now()) return hit.value
      const stored = await repository.get(gameKey)
      const value = stored
        ? {
            gameKey: stored.gameKey,
            placeId: stored.placeId,
            disabled: stored.disabled,
            secretKey: box.open(stored.secretSealed, sealContext(stored.gameKey)),
          }
        : null
      remember(gameKey, value)
      return value
    },
  }
}
