import type { UserPreferences } from '@ludex/schemas'
import { userPreferences } from '@ludex/schemas'
import type { AppDb } from '../db/app-db.ts'

export const EMPTY_PREFERENCES: UserPreferences = { page_sizes: {}, tabs: {}, panels: {}, groups: {} }

export interface PreferenceRepository {
  get(userId: number): Promise<UserPreferences>
  put(userId: number, preferences: UserPreferences, at: Date): Promise<void>
}

export function preferenceRepository(db: AppDb): PreferenceRepository {
  return {
    async get(userId) {
      const row = await db
        .selectFrom('user_preferences')
        .select('preferences')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      // A document written by an older version that no longer parses reads as the defaults.
      const parsed = userPreferences.safeParse(row?.preferences ?? EMPTY_PREFERENCES)
      return parsed.success ? parsed.data : EMPTY_PREFERENCES
    },
    async put(userId, preferences, at) {
      const json = JSON.stringify(preferences)
      await db
        .insertInto('user_preferences')
        .values({ user_id: userId, preferences: json, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ preferences: json, updated_at: at }))
        .execute()
    },
  }
}
