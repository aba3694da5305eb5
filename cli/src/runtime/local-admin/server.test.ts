import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AppDatabase, accountsStore, migrateAppDatabase, openAppDatabase } from '@ludex/api'
import { LOCAL_ADMIN_PATHS, loadConfig } from '@ludex/schemas'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UserCommandError } from '../users.ts'
import { localAdminOf } from './client.ts'
import { LOCAL_ADMIN_FILE_MODE, localAdminFilePath, readLocalAdminFile } from './endpoint-file.ts'
import { type LocalAdminServer, localAdminHandler, startLocalAdmin } from './server.ts'

const logger = pino({ level: 'silent' })
const config = loadConfig({ ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', LOG_LEVEL: 'silent' })

/** An address of this machine that is not loopback, when it has one (the refusal of other peers). */
const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address

describe('the local admin endpoint', () => {
  let dataDir: string
  let database: AppDatabase
  let admin: LocalAdminServer
  let token: string

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${admin.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const bearer = () => ({ authorization: `Bearer ${token}` })
  const newUser = { email: 'ops@example.com', first_name: 'Op', last_name: 'Erator', role: 'admin' }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-local-admin-'))
    database = await openAppDatabase({ logger })
    await migrateAppDatabase(database.db, logger)
    admin = await startLocalAdmin(dataDir, { db: database.db, config, logger })
    token = (await readLocalAdminFile(dataDir))!.token
  })
  afterAll(async () => {
    await admin?.stop()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('listens on loopback only and announces itself in a file only its owner can read', async () => {
    expect(new URL(admin.url).hostname).toBe('127.0.0.1')
    const file = await readLocalAdminFile(dataDir)
    expect(file).toMatchObject({ pid: process.pid, url: admin.url })
    expect(file!.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await stat(localAdminFilePath(dataDir))).mode & 0o777).toBe(LOCAL_ADMIN_FILE_MODE)
  })

  it('refuses a call without the token, or with another one, before reading it', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: token },
    ]
    for (const headers of attempts) {
      const res = await post(LOCAL_ADMIN_PATHS.createUser, newUser, headers)
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } })
    }
    // An unknown path learns nothing either without the token.
    expect((await post('/nothing', {})).status).toBe(401)
    expect(await accountsStore(database.db).users.findByEmail(newUser.email)).toBeFalsy()
  })

  it('names the field of a bad body, and the path or method it does not know', async () => {
    const bad = await post(LOCAL_ADMIN_PATHS.createUser, { ...newUser, role: 'owner' }, bearer())
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      error: { code: 'invalid_request', details: [{ field: 'role' }] },
    })
    const notJson = await fetch(`${admin.url}${LOCAL_ADMIN_PATHS.createUser}`, {
      method: 'POST',
      headers: bearer(),
      body: '{',
    })
    expect(notJson.status).toBe(400)
    expect((await post('/nothing', {}, bearer())).status).toBe(404)
    expect((await fetch(`${admin.url}${LOCAL_ADMIN_PATHS.createUser}`, { headers: bearer() })).status).toBe(
      405,
    )
    const huge = await post(
      LOCAL_ADMIN_PATHS.createUser,
      { ...newUser, first_name: 'x'.repeat(20_000) },
      bearer(),
    )
    expect(huge.status).toBe(413)
  })

  it('creates users and sets roles in its own database; the accounts refusals read as in the direct path', async () => {
    const client = await localAdminOf(dataDir, process.pid)
    expect(client).not.toBeNull()
    const created = await client!.createUser({
      email: newUser.email,
      firstName: 'Op',
      lastName: 'Erator',
      role: 'admin',
    })
    expect(created.user).toMatchObject({ email: 'ops@example.com', role: 'admin' })
    expect(created.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/)
    const stored = await accountsStore(database.db).users.findByEmail('ops@example.com')
    expect(stored).toMatchObject({ id: created.user.id, role: 'admin', emailVerified: true })

    await expect(
      client!.createUser({ email: 'ops@example.com', firstName: 'A', lastName: 'B', role: 'viewer' }),
    ).rejects.toThrow(
      new UserCommandError(
        "ops@example.com already has an account (use 'ludex user role' to change its role)",
      ),
    )
    await expect(client!.setRole('ops@example.com', 'viewer')).rejects.toThrow(/last admin/)
    await client!.createUser({
      email: 'second@example.com',
      firstName: 'A',
      lastName: 'B',
      role: 'admin',
      password: 'a long enough password',
    })
    expect(await client!.setRole('ops@example.com', 'editor')).toMatchObject({ role: 'editor' })
    // Another process's endpoint file is not this holder's: no client.
    expect(await localAdminOf(dataDir, process.pid + 1)).toBeNull()
  })

  it.skipIf(!external)(
    'cannot be reached on a non-loopback address, and refuses a non-loopback peer',
    async () => {
      const port = Number(new URL(admin.url).port)
      await expect(fetch(`http://${external}:${port}/users`, { method: 'POST' })).rejects.toThrow()
      // The handler itself, mounted on every address (never done by Ludex), refuses a peer that is not
      // loopback even with the right token.
      const wide: Server = createServer(localAdminHandler(token, { db: database.db, config, logger }))
      await new Promise<void>((r) => wide.listen(0, '0.0.0.0', r))
      try {
        const { port: widePort } = wide.address() as AddressInfo
        const res = await fetch(`http://${external}:${widePort}${LOCAL_ADMIN_PATHS.createUser}`, {
          method: 'POST',
          headers: { ...bearer(), 'content-type': 'application/json' },
          body: JSON.stringify({ ...newUser, email: 'remote@example.com' }),
        })
        expect(res.status).toBe(403)
        expect(await accountsStore(database.db).users.findByEmail('remote@example.com')).toBeFalsy()
      } finally {
        await new Promise<void>((r) => wide.close(() => r()))
      }
    },
  )

  it('removes its file when it stops', async () => {
    const other = await mkdtemp(join(tmpdir(), 'ludex-local-admin-stop-'))
    try {
      const server = await startLocalAdmin(other, { db: database.db, config, logger })
      expect(await readLocalAdminFile(other)).not.toBeNull()
      await server.stop()
      expect(await readLocalAdminFile(other)).toBeNull()
      await expect(fetch(`${server.url}/users`, { method: 'POST' })).rejects.toThrow()
    } finally {
      await rm(other, { recursive: true, force: true })
    }
  })
})
