import type { Migration, MigrationProvider } from 'kysely'
import type { SecretBox } from '../../credentials/secret-box.ts'
import * as accounts from './0001-accounts.ts'
import * as tags from './0002-tags.ts'
import * as eventCredentials from './0003-event-credentials.ts'
import * as apiKeys from './0004-api-keys.ts'
import * as alerts from './0005-alerts.ts'
import { sealWebhookSecrets } from './0006-sealed-webhook-secrets.ts'

/**
 * The app database's migrations, in order. Listed here rather than read from a folder so the same code
 * runs under tsx, in tests and from a bundle; names sort in the order they apply. 0006 seals what 0005
 * stored as is, so it takes the credentials key (null: a process without one, refused only if there is
 * something to seal).
 */
export function appMigrations(box: SecretBox | null): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001-accounts': accounts,
    '0002-tags': tags,
    '0003-event-credentials': eventCredentials,
    '0004-api-keys': apiKeys,
    '0005-alerts': alerts,
    '0006-sealed-webhook-secrets': sealWebhookSecrets(box),
  }
  return { getMigrations: async () => migrations }
}
