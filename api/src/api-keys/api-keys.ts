import { API_KEY_PREFIX, API_KEY_USAGE_DAYS, type ApiKeySummary } from '@ludex/schemas'
import { newSecret, secretHash } from '../accounts/secrets.ts'
import type { UserRecord, UserRepository } from '../accounts/users.ts'
import type { ApiKeyRepository, StoredApiKey } from './repository.ts'

/** How many characters of a key (after the prefix) its owner sees to tell it apart. */
const START_LENGTH = 6
const DAY_MS = 86_400_000

/** The UTC day of an instant, YYYY-MM-DD: what calls are counted by. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** A key presented with a call, found and not revoked, with its owner as stored now. */
export interface AuthenticatedKey {
  readonly keyId: number
  readonly user: UserRecord
}

/** The user holds API_KEYS_PER_USER keys already. */
export class ApiKeyCapError extends Error {
  constructor() {
    super('API key cap reached')
    this.name = 'ApiKeyCapError'
  }
}

/** API keys (issue 21.3): created shown once, stored hashed, counted per UTC day, revocable. */
export interface ApiKeys {
  /** Keys one user may hold at once (API_KEYS_PER_USER). */
  readonly cap: number
  /** A new key for the user: the answer is the only place the key ever appears. ApiKeyCapError over the cap. */
  create(userId: number, name: string): Promise<{ summary: ApiKeySummary; key: string }>
  /** The key's owner, or null for an unknown, malformed or revoked key. */
  authenticate(key: string): Promise<AuthenticatedKey | null>
  /** Counts one call with the key today (UTC). */
  countCall(keyId: number): Promise<void>
  /** The user's keys with their usage, newest first. */
  list(userId: number): Promise<ApiKeySummary[]>
  /** false when the user holds no such key. */
  revoke(userId: number, keyId: number): Promise<boolean>
}

export function createApiKeys(options: {
  readonly repository: ApiKeyRepository
  readonly users: UserRepository
  readonly cap: number
  readonly now: () => number
}): ApiKeys {
  const { repository, users, cap, now } = options
  const summarise = (
    key: StoredApiKey,
    usage: readonly { keyId: number; day: string; calls: number }[],
    today: string,
  ): ApiKeySummary => {
    const days = usage.filter((u) => u.keyId === key.id).map((u) => ({ day: u.day, calls: u.calls }))
    return {
      id: key.id,
      name: key.name,
      start: key.start,
      created: key.createdAt.toISOString(),
      last_used: days.at(-1)?.day ?? null,
      calls_today: days.find((d) => d.day === today)?.calls ?? 0,
      usage: days,
    }
  }
  return {
    cap,
    async create(userId, name) {
      const key = `${API_KEY_PREFIX}${newSecret()}`
      const stored = await repository.insert(
        {
          userId,
          name,
          hash: secretHash(key),
          start: key.slice(0, API_KEY_PREFIX.length + START_LENGTH),
          createdAt: new Date(now()),
        },
        cap,
      )
      if (!stored) throw new ApiKeyCapError()
      return { summary: summarise(stored, [], utcDay(now())), key }
    },
    async authenticate(key) {
      if (!key.startsWith(API_KEY_PREFIX)) return null
      const stored = await repository.findActiveByHash(secretHash(key))
      if (!stored) return null
      const user = await users.findById(stored.userId)
      return user ? { keyId: stored.id, user } : null
    },
    countCall: (keyId) => repository.countCall(keyId, utcDay(now())),
    async list(userId) {
      const keys = await repository.listActive(userId)
      const t = now()
      const usage = await repository.usage(
        keys.map((k) => k.id),
        utcDay(t - (API_KEY_USAGE_DAYS - 1) * DAY_MS),
      )
      return keys.map((k) => summarise(k, usage, utcDay(t)))
    },
    revoke: (userId, keyId) => repository.revoke(userId, keyId, new Date(now())),
  }
}
