import { rm } from 'node:fs/promises'
import { E2E_ENV } from './server.ts'

/**
 * Removes the run's temp dir (data and web build); removing files a dying server still holds is harmless
 * on Linux. The server may still be finishing a ClickHouse merge, which adds files to a directory being
 * removed (ENOTEMPTY): removal is retried.
 */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env[E2E_ENV.runDir]
  if (dir?.includes('ludex-e2e-'))
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
}
