import type { Generated } from 'kysely'

/*
 * The app database's tables, as Kysely sees them (the migrations in ./migrations create them). Times are
 * timestamptz (Date in and out); ids of our rows are integers; place ids are bigint, read as numbers
 * (both drivers are told to, see app-db.ts).
 */

export interface UsersTable {
  id: Generated<number>
  /** Lower-cased and trimmed; unique. */
  email: string
  email_verified: Generated<boolean>
  /** Null for accounts that only sign in with Google (or whose password was cleared on linking). */
  password_hash: string | null
  google_sub: string | null
  first_name: string
  last_name: string
  role: Generated<string>
  interests: Generated<string[]>
  user_type: string | null
  /** What analytics is told to identify the user by (never the database id). */
  analytics_id: string
  created_at: Date
  last_active_at: Date | null
}

export interface SessionsTable {
  /** SHA-256 of the cookie's session id: a leaked table does not give sessions away. */
  id_hash: string
  user_id: number
  created_at: Date
  expires_at: Date
  last_seen_at: Date
  /** An admin simulating a lower role (admin → editor → viewer → admin); null = the real role. */
  simulated_role: string | null
}

export interface EmailTokensTable {
  token_hash: string
  user_id: number
  purpose: string
  created_at: Date
  expires_at: Date
  used_at: Date | null
}

export interface UserPreferencesTable {
  user_id: number
  preferences: unknown
  updated_at: Date
}

export interface AuditLogTable {
  id: Generated<number>
  at: Date
  actor_id: number | null
  action: string
  /** What was acted on, e.g. 'user:12' or 'place:920587237'. */
  target: string | null
  details: unknown
  ip: string | null
}

export interface PlaceEditsTable {
  place_id: number
  canonical_name: string | null
  /** ISO 8601 instant; '0001-01-01T00:00:00.000Z' means unset. */
  released: string | null
  updated_by: number | null
  updated_at: Date
}

export interface PlaceTagsTable {
  id: Generated<number>
  /** Trimmed, as typed; unique per owner (personal) or among curated tags, case-insensitively. */
  name: string
  /** Curated: visible to everyone, edited by editors. */
  global: boolean
  owner_id: number
  created_at: Date
  /** The last change of the name or the members (the key of the tag's cached aggregates). */
  updated_at: Date
}

export interface PlaceTagMembersTable {
  tag_id: number
  place_id: number
  /** From one identity sequence: members ordered by it are in the order they were added. */
  seq: Generated<number>
  added_at: Date
}

export interface EventCredentialsTable {
  /** 32 random hex digits: what a game server names itself by. */
  game_key: string
  place_id: number
  /** The display name; unique case-insensitively (an index on lower(comment)). */
  comment: string
  disabled: Generated<boolean>
  /** The secret key sealed with AES-256-GCM (secret-box.ts): never the secret itself. */
  secret_sealed: string
  created_by: number | null
  created_at: Date
  updated_at: Date
}

export interface ApiKeysTable {
  id: Generated<number>
  user_id: number
  name: string
  /** SHA-256 of the key (secrets.ts): the key itself is shown once and never stored. */
  key_hash: string
  /** The key's first characters, shown to tell keys apart. */
  start: string
  created_at: Date
  revoked_at: Date | null
}

export interface ApiKeyUsageTable {
  key_id: number
  /** The UTC day, YYYY-MM-DD. */
  day: string
  calls: number
}

export interface AlertsTable {
  id: Generated<number>
  user_id: number
  name: string
  /** 'experience' (target_id a place id) or 'tag' (a tag id: every member is watched). */
  target_type: string
  target_id: number
  /** The rule as `alertRule` of @ludex/schemas parses it. */
  rule: unknown
  /** 'email' or 'webhook'. */
  channel: string
  digest: Generated<boolean>
  webhook_url: string | null
  webhook_format: string | null
  /**
   * The HMAC key of the webhook's signatures, sealed (SecretBox under the credentials key, bound to the
   * row: alerts/sealed-secret.ts); opened to sign and to show the owner, who verifies with it.
   */
  webhook_secret: string | null
  created_at: Date
}

export interface AlertFiringsTable {
  id: Generated<number>
  alert_id: number
  /** What happened, unique per alert (e.g. 'ccu:above:920587237:2026-11-18T14:00:00Z'). */
  event_key: string
  place_id: number
  summary: string
  fired_at: Date
}

export interface AlertDeliveriesTable {
  id: Generated<number>
  firing_id: number
  channel: string
  /** One of DELIVERY_STATUSES of @ludex/schemas. */
  status: string
  attempts: Generated<number>
  next_attempt_at: Date | null
  last_error: string | null
  delivered_at: Date | null
}

export interface AppSchema {
  users: UsersTable
  sessions: SessionsTable
  email_tokens: EmailTokensTable
  user_preferences: UserPreferencesTable
  audit_log: AuditLogTable
  place_edits: PlaceEditsTable
  place_tags: PlaceTagsTable
  place_tag_members: PlaceTagMembersTable
  event_credentials: EventCredentialsTable
  api_keys: ApiKeysTable
  api_key_usage: ApiKeyUsageTable
  alerts: AlertsTable
  alert_firings: AlertFiringsTable
  alert_deliveries: AlertDeliveriesTable
}
