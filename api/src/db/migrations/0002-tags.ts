import { type Kysely, sql } from 'kysely'

/**
 * Experience tags and their members. Names are unique per owner among personal tags and among curated
 * tags, compared case-insensitively (two unique indexes on lower(name), one per kind). A member keeps
 * the order it was added in: `seq` comes from one identity sequence, so ordering by it is that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('place_tags')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('global', 'boolean', (c) => c.notNull().defaultTo(false))
    // Accounts are not deleted today; if they ever are, their tags go with them.
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await sql`create unique index place_tags_personal_name on place_tags (owner_id, lower(name)) where not global`.execute(
    db,
  )
  await sql`create unique index place_tags_curated_name on place_tags (lower(name)) where global`.execute(db)

  await db.schema
    .createTable('place_tag_members')
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('place_tags.id').onDelete('cascade'))
    .addColumn('place_id', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('place_tag_members_pk', ['tag_id', 'place_id'])
    .execute()
  // The tags of one experience (the full experience's `tags`).
  await db.schema.createIndex('place_tag_members_place').on('place_tag_members').column('place_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('place_tag_members').ifExists().execute()
  await db.schema.dropTable('place_tags').ifExists().execute()
}
