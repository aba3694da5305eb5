import type { Kysely, Migration } from 'kysely'
import { webhookSecretContext } from '../../alerts/sealed-secret.ts'
import type { SecretBox } from '../../credentials/secret-box.ts'

/** What this migration reads and writes, as 0005 made it. */
interface SealedSchema {
  alerts: { id: number; webhook_secret: string | null }
}

/**
 * Alerts' webhook secrets sealed (AES-256-GCM under the credentials key, as event credentials' secrets
 * are): every secret 0005 stored as is is sealed in place, bound to its alert's row. A database with
 * such rows can only be migrated by a process that has the key; one without rows needs none.
 */
export function sealWebhookSecrets(box: SecretBox | null): Migration {
  return {
    async up(alerts: Kysely<SealedSchema>) {
      const plain = await alerts
        .selectFrom('alerts')
        .select(['id', 'webhook_secret'])
        .where('webhook_secret', 'is not', null)
        .where('webhook_secret', 'not like', 'v1.%')
        .execute()
      if (plain.length === 0) return
      if (!box) {
        throw new Error(
          `${plain.length} alert webhook secret(s) to seal, and this process has no credentials key (CREDENTIALS_KEY)`,
        )
      }
      for (const row of plain) {
        await alerts
          .updateTable('alerts')
          .set({ webhook_secret: box.seal(row.webhook_secret as string, webhookSecretContext(row.id)) })
          .where('id', '=', row.id)
          .execute()
      }
    },
    // Sealed secrets stay sealed: opening them again would need the key here too, and gain nothing.
    async down() {},
  }
}
