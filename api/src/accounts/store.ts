import { type AlertRepository, alertRepository } from '../alerts/repository.ts'
import { type CredentialRepository, credentialRepository } from '../credentials/repository.ts'
import type { SecretBox } from '../credentials/secret-box.ts'
import type { AppDb } from '../db/app-db.ts'
import { type TagRepository, tagRepository } from '../tags/tag-repository.ts'
import { type AuditRepository, auditRepository } from './audit.ts'
import { type PlaceEditRepository, placeEditRepository } from './place-edits.ts'
import { type PreferenceRepository, preferenceRepository } from './preferences.ts'
import { type SessionRepository, sessionRepository } from './sessions.ts'
import { type TokenRepository, tokenRepository } from './tokens.ts'
import { type UserRepository, userRepository } from './users.ts'

/** Every repository of the app database. */
export interface AccountsStore {
  readonly db: AppDb
  readonly users: UserRepository
  readonly sessions: SessionRepository
  readonly tokens: TokenRepository
  readonly preferences: PreferenceRepository
  readonly audit: AuditRepository
  readonly placeEdits: PlaceEditRepository
  readonly tags: TagRepository
  /** Event credentials, their secrets sealed (the GameCredentials service opens them). */
  readonly credentials: CredentialRepository
  /** Users' alerts (webhook secrets sealed with the credentials key), their firings and deliveries. */
  readonly alerts: AlertRepository
}

/**
 * `secretBox` (the credentials key's) seals and opens alerts' webhook secrets; without it, webhook
 * alerts are refused (event credentials are sealed by their service, GameCredentials).
 */
export function accountsStore(db: AppDb, secretBox: SecretBox | null = null): AccountsStore {
  return {
    db,
    users: userRepository(db),
    sessions: sessionRepository(db),
    tokens: tokenRepository(db),
    preferences: preferenceRepository(db),
    audit: auditRepository(db),
    placeEdits: placeEditRepository(db),
    tags: tagRepository(db),
    credentials: credentialRepository(db),
    alerts: alertRepository(db, secretBox),
  }
}
