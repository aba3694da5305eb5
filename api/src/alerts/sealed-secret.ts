/*
 * Webhook secrets are sealed in the app database (the credentials' SecretBox, AES-256-GCM under
 * CREDENTIALS_KEY) and opened only to sign a call or to show the owner: a copy of the database alone
 * does not let anyone sign as Ludex. The context binds a sealed secret to its alert's row.
 */

/** The additional data a webhook secret is sealed with: its alert's id. */
export function webhookSecretContext(alertId: number): string {
  return `alert:${alertId}:webhook-secret`
}
