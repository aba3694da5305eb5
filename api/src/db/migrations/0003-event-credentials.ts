import { type Kysely, sql } from 'kysely'

/**
 * Event credentials (issue 17): a game key and its secret per experience. The secret is stored
 * encrypted (AES-256-GCM under a key kept outside this database, `src/credentials/secret-box.ts`);
 * names are unique however they are cased.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_credentials')
    .addColumn('game_key', 'text', (c) => c.primaryKey())
    .addColumn('place_id', 'bigint', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`CREATE UNIQUE INDEX event_credentials_name ON event_credentials (lower(comment))`.execute(db)
  await db.schema.createIndex('event_credentials_place').on('event_credentials').column('place_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_credentials').ifExists().execute()
}
