import { type Kysely, sql } from 'kysely'

/**
 * API keys (issue 21.3): a user's named keys for the public API, only their SHA-256 stored, and the
 * calls made with each per UTC day. A revoked key keeps its row (and its usage) but is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await sql`CREATE INDEX api_keys_user ON api_keys (user_id) WHERE revoked_at IS NULL`.execute(db)
  await db.schema
    .createTable('api_key_usage')
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_usage_pk', ['key_id', 'day'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key_usage').ifExists().execute()
  await db.schema.dropTable('api_keys').ifExists().execute()
}
