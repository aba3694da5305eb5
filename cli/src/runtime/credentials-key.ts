import { randomBytes } from 'node:crypto'
import { link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '@ludex/schemas'
import type { Logger } from 'pino'

/** The key file's name in the data dir, used when CREDENTIALS_KEY is unset. */
export const CREDENTIALS_KEY_FILE = 'credentials.key'
const KEY_BYTES = 32

export class CredentialsKeyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'CredentialsKeyError'
  }
}

/** 64 hex digits, or base64 / base64url of 32 bytes (the forms the configuration accepts). */
export function decodeCredentialsKey(text: string): Buffer {
  const t = text.trim()
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64')
  if (key.length !== KEY_BYTES) {
    throw new CredentialsKeyError(`The credentials key must be ${KEY_BYTES} bytes (64 hex digits or base64)`)
  }
  return key
}

/**
 * The key event credentials' secrets are sealed with (api/src/credentials/secret-box.ts), kept apart
 * from the app database so a copy of the database alone reveals no secret: CREDENTIALS_KEY when set,
 * else `LUDEX_DATA_DIR/credentials.key`, made once from the CSPRNG (written whole to a file of its own,
 * mode 600, then hard-linked into place, which fails if another process got there first: no process
 * ever reads a half-written key) and read on every later start. A deployment whose app database is a server (DATABASE_URL) has API
 * processes on other machines, each with its own data dir: they need CREDENTIALS_KEY, and are warned.
 */
export async function loadCredentialsKey(config: Config, logger: Logger): Promise<Buffer> {
  if (config.CREDENTIALS_KEY) return decodeCredentialsKey(config.CREDENTIALS_KEY)
  if (config.DATABASE_URL) {
    logger.warn(
      'CREDENTIALS_KEY is unset while the app database is a server: this process seals event credentials and webhook secrets with a key file of its own data dir; set CREDENTIALS_KEY to the same key on every API and alerts process',
    )
  }
  const path = join(config.LUDEX_DATA_DIR, CREDENTIALS_KEY_FILE)
  await mkdir(config.LUDEX_DATA_DIR, { recursive: true })
  const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`
  try {
    const file = await open(draft, 'wx', 0o600)
    try {
      await file.writeFile(`${randomBytes(KEY_BYTES).toString('hex')}\n`)
      await file.sync()
    } finally {
      await file.close()
    }
    await link(draft, path)
    logger.info({ path }, 'credentials key created in the data dir (mode 600)')
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'EEXIST') {
      throw new CredentialsKeyError(`Cannot create the credentials key file ${path}`, { cause: err })
    }
  } finally {
    await unlink(draft).catch(() => undefined)
  }
  const mode = (await stat(path)).mode & 0o777
  if ((mode & 0o077) !== 0) {
    logger.warn(
      { path, mode: mode.toString(8) },
      'the credentials key file is readable by others: chmod 600 it',
    )
  }
  try {
    return decodeCredentialsKey(await readFile(path, 'utf8'))
  } catch (cause) {
    throw new CredentialsKeyError(`The credentials key file ${path} does not hold a 32-byte key`, { cause })
  }
}
