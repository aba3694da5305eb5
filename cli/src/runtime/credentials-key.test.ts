import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '@ludex/schemas'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CREDENTIALS_KEY_FILE, decodeCredentialsKey, loadCredentialsKey } from './credentials-key.ts'

const silent = pino({ level: 'silent' })

describe('the credentials key', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ludex-key-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('takes CREDENTIALS_KEY as 64 hex digits or base64, and nothing shorter', () => {
    const hex = 'ab'.repeat(32)
    expect(decodeCredentialsKey(hex)).toEqual(Buffer.alloc(32, 0xab))
    expect(decodeCredentialsKey(Buffer.alloc(32, 0xab).toString('base64'))).toEqual(Buffer.alloc(32, 0xab))
    expect(decodeCredentialsKey(Buffer.alloc(32, 0xab).toString('base64url'))).toEqual(Buffer.alloc(32, 0xab))
    expect(() => decodeCredentialsKey('ab'.repeat(16))).toThrow(/32 bytes/)
    expect(() => loadConfig({ CREDENTIALS_KEY: 'too-short' })).toThrow(/CREDENTIALS_KEY/)
  })

  it('prefers the configured key and writes no file then', async () => {
    const config = loadConfig({ LUDEX_DATA_DIR: join(dir, 'configured'), CREDENTIALS_KEY: '01'.repeat(32) })
    expect(await loadCredentialsKey(config, silent)).toEqual(Buffer.alloc(32, 1))
    await expect(stat(join(dir, 'configured', CREDENTIALS_KEY_FILE))).rejects.toThrow()
  })

  it('otherwise makes a random key file once, mode 600, and reads the same key on every start', async () => {
    const config = loadConfig({ LUDEX_DATA_DIR: join(dir, 'data') })
    const [a, b] = await Promise.all([loadCredentialsKey(config, silent), loadCredentialsKey(config, silent)])
    expect(a).toHaveLength(32)
    expect(b).toEqual(a)
    expect(await loadCredentialsKey(config, silent)).toEqual(a)
    const path = join(dir, 'data', CREDENTIALS_KEY_FILE)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    expect((await readFile(path, 'utf8')).trim()).toBe(a.toString('hex'))
    // Another data dir, another key.
    expect(await loadCredentialsKey(loadConfig({ LUDEX_DATA_DIR: join(dir, 'other') }), silent)).not.toEqual(
      a,
    )
  })

  it('refuses a key file that holds no key', async () => {
    const data = join(dir, 'broken')
    await loadCredentialsKey(loadConfig({ LUDEX_DATA_DIR: data }), silent)
    await chmod(join(data, CREDENTIALS_KEY_FILE), 0o600)
    await writeFile(join(data, CREDENTIALS_KEY_FILE), 'not a key\n')
    await expect(loadCredentialsKey(loadConfig({ LUDEX_DATA_DIR: data }), silent)).rejects.toThrow(
      /does not hold a 32-byte key/,
    )
  })
})
