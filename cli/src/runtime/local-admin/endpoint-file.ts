import { readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { type LocalAdminEndpoint, localAdminEndpoint } from '@ludex/schemas'

/** Where the holder of the data dir says how to reach its local admin endpoint, with the secret. */
export const LOCAL_ADMIN_FILE = 'local-admin.json'

/** Only the owner may read or write it: the token is what lets a caller act as the local operator. */
export const LOCAL_ADMIN_FILE_MODE = 0o600

export function localAdminFilePath(dataDir: string): string {
  return join(resolve(dataDir), LOCAL_ADMIN_FILE)
}

/**
 * Writes the endpoint file whole, 0600 from its creation (a new file under a name of its own, renamed
 * into place), so the token is never readable by others, even for a moment, and never half-written.
 */
export async function writeLocalAdminFile(dataDir: string, endpoint: LocalAdminEndpoint): Promise<void> {
  const path = localAdminFilePath(dataDir)
  const staged = `${path}.${endpoint.pid}`
  await unlink(staged).catch(() => undefined)
  await writeFile(staged, `${JSON.stringify(endpoint)}\n`, { flag: 'wx', mode: LOCAL_ADMIN_FILE_MODE })
  await rename(staged, path)
}

/** The endpoint file, or null when there is none (or it is not one). */
export async function readLocalAdminFile(dataDir: string): Promise<LocalAdminEndpoint | null> {
  let raw: string
  try {
    raw = await readFile(localAdminFilePath(dataDir), 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  try {
    const parsed = localAdminEndpoint.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Removes the endpoint file if it is still this process's. */
export async function removeLocalAdminFile(dataDir: string, pid: number): Promise<void> {
  const current = await readLocalAdminFile(dataDir)
  if (current?.pid === pid) await unlink(localAdminFilePath(dataDir)).catch(() => undefined)
}
