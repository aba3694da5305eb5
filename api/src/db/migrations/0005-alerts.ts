import { type Kysely, sql } from 'kysely'

/**
 * Alerts (issue 20 point 1): a user's alerts, each firing once per (alert, event key) — the unique
 * index is what keeps a slot evaluated twice (a redelivered batch, a restart, two API replicas) from
 * firing twice — and each firing's delivery with its tries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('rule', 'jsonb', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('digest', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_format', 'text')
    .addColumn('webhook_secret', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('alerts_user').on('alerts').column('user_id').execute()

  await db.schema
    .createTable('alert_firings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('place_id', 'bigint', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('fired_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`CREATE UNIQUE INDEX alert_firings_once ON alert_firings (alert_id, event_key)`.execute(db)

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('firing_id', 'integer', (c) => c.notNull().references('alert_firings.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('alert_deliveries_due')
    .on('alert_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_deliveries').ifExists().execute()
  await db.schema.dropTable('alert_firings').ifExists().execute()
  await db.schema.dropTable('alerts').ifExists().execute()
}
