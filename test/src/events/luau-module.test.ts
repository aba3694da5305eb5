import { execFile } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { tables } from '@ludex/pipelines'
import { EVENTS_PATH, fillLuauModule, type GameCredential } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, sendJson, startApiFixture } from '../api/fixture.ts'
import { LUA } from '../harness/engines.ts'

/*
 * The Luau module the Event Credentials page hands to studios (issue 17), run for real: Debian's
 * lua5.4 executes it (it keeps to the syntax Luau shares with Lua) with stand-ins for the Roblox
 * services (roblox-shim.lua). Its pure-Luau HMAC-SHA256 is checked against node:crypto on shared
 * vectors (RFC 4231's keys, every SHA-256 padding edge), and the requests it makes are sent as they
 * are to the API, which must accept them: the module and the server agree on the signature.
 */

const SHIM = fileURLToPath(new URL('./roblox-shim.lua', import.meta.url))
const run = promisify(execFile)

interface LuaRequest {
  readonly Url: string
  readonly Method: string
  readonly Headers: Record<string, string>
  readonly Body: string
}
interface Report {
  readonly requests: LuaRequest[] | Record<string, never>
  readonly waits: number[] | Record<string, never>
  readonly warnings: string[] | Record<string, never>
  readonly spawned: number
  readonly closers: number
  readonly [extra: string]: unknown
}
/** An empty Lua table encodes as {}: read it as an empty list. */
const list = <T>(value: T[] | Record<string, never>): T[] => (Array.isArray(value) ? value : [])

const hex = (b: Buffer | string) => Buffer.from(b).toString('hex')
const luaString = (s: string) => JSON.stringify(s)

describe('the Luau module, run by lua5.4', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ludex-luau-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  /** Runs `scenario` (Lua) after loading the shim and the module filled with these keys; its report. */
  async function runModule(
    keys: { url: string; gameKey: string; secretKey: string },
    scenario: string,
    nowMs?: number,
  ): Promise<Report> {
    const modulePath = join(dir, `LudexEvents-${Math.random().toString(36).slice(2)}.lua`)
    const mainPath = `${modulePath}.main.lua`
    await writeFile(modulePath, fillLuauModule(keys))
    await writeFile(
      mainPath,
      [
        `dofile(${luaString(SHIM)})`,
        nowMs === undefined ? '' : `Shim.nowMs = ${nowMs}`,
        `local LudexEvents = dofile(${luaString(modulePath)})`,
        'local function fromhex(h) return (h:gsub("..", function(x) return string.char(tonumber(x, 16)) end)) end',
        scenario,
      ].join('\n'),
    )
    const { stdout } = await run(LUA, [mainPath], { timeout: 60_000, maxBuffer: 64 << 20 })
    const line = stdout.trim().split('\n').at(-1) ?? ''
    return JSON.parse(line) as Report
  }

  const KEYS = {
    url: 'https://ludex.example/api/events',
    gameKey: '0123456789abcdef0123456789abcdef',
    secretKey: 'qE3n8r0Kp2x9Wm5Tz7Yb1Vc4Ud6Sf8Hg0Jk2Ll4Pq6R',
  }

  it('computes HMAC-SHA256 as node:crypto does, on RFC 4231 keys and every padding edge', async () => {
    const secret = Buffer.from(KEYS.secretKey)
    const vectors: [Buffer, Buffer][] = [
      // RFC 4231 test cases 1, 2, 3, 4, 6 and 7 (keys of 20, 4, 20, 25 and 131 bytes).
      [Buffer.alloc(20, 0x0b), Buffer.from('Hi There')],
      [Buffer.from('Jefe'), Buffer.from('what do ya want for nothing?')],
      [Buffer.alloc(20, 0xaa), Buffer.alloc(50, 0xdd)],
      [Buffer.from(Array.from({ length: 25 }, (_, i) => i + 1)), Buffer.alloc(50, 0xcd)],
      [Buffer.alloc(131, 0xaa), Buffer.from('Test Using Larger Than Block-Size Key - Hash Key First')],
      [
        Buffer.alloc(131, 0xaa),
        Buffer.from(
          'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
        ),
      ],
      // Keys at the block size and just past it.
      [Buffer.alloc(64, 0x61), Buffer.from('block')],
      [Buffer.alloc(65, 0x61), Buffer.from('block')],
      // A secret key like Ludex's, over messages at SHA-256's padding edges, UTF-8 and a large body.
      ...[0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 20_000].map((n): [Buffer, Buffer] => [
        secret,
        Buffer.from('x'.repeat(n)),
      ]),
      [secret, Buffer.from('1763474580.{"events":[{"name":"é ✓ 😀"}]}')],
      [secret, Buffer.from(Array.from({ length: 256 }, (_, i) => i))],
    ]
    const table = vectors.map(([k, m]) => `{${luaString(hex(k))}, ${luaString(hex(m))}}`).join(',\n')
    const report = await runModule(
      KEYS,
      `local out = {}
       for i, v in ipairs({${table}}) do out[i] = LudexEvents.hmacSha256(fromhex(v[1]), fromhex(v[2])) end
       Shim.report({ macs = out })`,
    )
    const expected = vectors.map(([k, m]) => createHmac('sha256', k).update(m).digest('hex'))
    expect(report.macs).toEqual(expected)
    // RFC 4231's own value for case 2, so the oracle is checked too.
    expect(expected[1]).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843')
  })

  it('sets itself up as a game server needs: a flush loop and a flush on close', async () => {
    const report = await runModule(
      KEYS,
      `LudexEvents.track("a")
       Shim.closers_before = #Shim.requests
       for _, close in ipairs(Shim.closers) do close() end
       Shim.report({ before = Shim.closers_before, pending = LudexEvents.pending() })`,
    )
    expect(report.spawned).toBe(1)
    expect(report.closers).toBe(1)
    expect(report.before).toBe(0)
    expect(list(report.requests)).toHaveLength(1)
    expect(report.pending).toBe(0)
  })

  it('batches by BatchSize and keeps what it could not send', async () => {
    const report = await runModule(
      KEYS,
      `LudexEvents.Config.BatchSize = 2
       for i = 1, 5 do LudexEvents.track("e" .. i) end
       Shim.responses = { { Success = true, StatusCode = 200, Headers = {}, Body = "" },
                          "HttpError: ConnectFail", "HttpError: ConnectFail", "HttpError: ConnectFail",
                          "HttpError: ConnectFail", "HttpError: ConnectFail", "HttpError: ConnectFail" }
       LudexEvents.flush()
       Shim.report({ pending = LudexEvents.pending() })`,
    )
    const requests = list(report.requests)
    // One batch of 2 sent; the next batch tried 1 + 5 times, then kept with the rest for the next flush.
    expect(requests.map((r) => JSON.parse(r.Body).events.length)).toEqual([2, 2, 2, 2, 2, 2, 2])
    expect(report.pending).toBe(3)
    expect(list(report.waits)).toHaveLength(5)
    expect(list(report.warnings).at(-1)).toContain('keeping it for the next flush')
  })

  it('drops a batch Ludex refuses (400) instead of retrying it', async () => {
    const report = await runModule(
      KEYS,
      `LudexEvents.track("bad")
       Shim.responses = { { Success = false, StatusCode = 400, Headers = {}, Body = "invalid" } }
       LudexEvents.flush()
       Shim.report({ pending = LudexEvents.pending() })`,
    )
    expect(list(report.requests)).toHaveLength(1)
    expect(list(report.waits)).toEqual([])
    expect(report.pending).toBe(0)
    expect(list(report.warnings)[0]).toContain('batch refused (400): invalid')
  })

  describe('against the API', () => {
    let f: ApiFixture
    let credential: GameCredential
    beforeAll(async () => {
      f = await startApiFixture()
      const editor = await asUser(f, 'editor')
      credential = (
        await sendJson<GameCredential>(editor, 'POST', '/api/gamecredential', {
          placeId: f.placeIds[0],
          comment: 'Luau module',
        })
      ).body
    })
    afterAll(() => f?.close())

    const keys = () => ({
      url: `${f.url}${EVENTS_PATH}`,
      gameKey: credential.game_key,
      secretKey: credential.secret_key,
    })
    /** Sends a request the module made, exactly as it made it. */
    const replay = (r: LuaRequest) => fetch(r.Url, { method: r.Method, headers: r.Headers, body: r.Body })

    it('makes requests the server accepts: events with values and properties, counted once', async () => {
      const report = await runModule(
        keys(),
        `LudexEvents.track("level_completed", 3, { level = "castle", hard = true, tries = 2 })
         LudexEvents.track("purchase", 99.5)
         LudexEvents.track("joined")
         LudexEvents.flush()
         Shim.report({ pending = LudexEvents.pending() })`,
        f.now,
      )
      const [request] = list(report.requests)
      expect(request).toBeDefined()
      expect(request!.Headers).toMatchObject({
        'Content-Type': 'application/json',
        'X-Ludex-Game-Key': credential.game_key,
        'X-Ludex-Timestamp': String(Math.floor(f.now / 1000)),
      })
      // The signature the module computed is the documented one, computed here apart from the server.
      expect(request!.Headers['X-Ludex-Signature']).toBe(
        createHmac('sha256', credential.secret_key)
          .update(`${request!.Headers['X-Ludex-Timestamp']}.${request!.Body}`)
          .digest('hex'),
      )
      const res = await replay(request!)
      expect(res.status, await res.clone().text()).toBe(200)
      expect(await res.json()).toEqual({ accepted: 3 })
      await f.bus.drain()
      const stored = await f.raw<{ name: string; value: number | null; properties: string }>(
        `SELECT name, value, properties FROM ${tables.gameEvents} FINAL WHERE place_id = {p:UInt64} ORDER BY name`,
        { p: credential.place_id },
      )
      expect(stored).toEqual([
        { name: 'joined', value: null, properties: '{}' },
        {
          name: 'level_completed',
          value: 3,
          properties: JSON.stringify({ hard: true, level: 'castle', tries: 2 }),
        },
        { name: 'purchase', value: 99.5, properties: '{}' },
      ])
    })

    it('retries 503s, failures and 429s with growing, jittered waits, signing each attempt afresh', async () => {
      const report = await runModule(
        keys(),
        `LudexEvents.track("retried")
         Shim.responses = {
           { Success = false, StatusCode = 503, Headers = {}, Body = "down" },
           "HttpError: Timedout",
           { Success = false, StatusCode = 429, Headers = { ["retry-after"] = "7" }, Body = "" },
         }
         LudexEvents.flush()
         Shim.report({ pending = LudexEvents.pending() })`,
        f.now,
      )
      const requests = list(report.requests)
      expect(requests).toHaveLength(4)
      expect(report.pending).toBe(0)
      // Waits of base 1, 2, then max(4, Retry-After 7) seconds, each scaled by a jitter in [0.5, 1].
      const [w1, w2, w3] = list(report.waits)
      expect(w1).toBeGreaterThanOrEqual(0.5)
      expect(w1).toBeLessThanOrEqual(1)
      expect(w2).toBeGreaterThanOrEqual(1)
      expect(w2).toBeLessThanOrEqual(2)
      expect(w3).toBeGreaterThanOrEqual(3.5)
      expect(w3).toBeLessThanOrEqual(7)
      // One body, new timestamps, a signature for each.
      expect(new Set(requests.map((r) => r.Body)).size).toBe(1)
      const stamps = requests.map((r) => Number(r.Headers['X-Ludex-Timestamp']))
      expect(stamps).toEqual([...stamps].sort((a, b) => a - b))
      expect(stamps.at(-1)! - stamps[0]!).toBeGreaterThanOrEqual(4)
      for (const r of requests) {
        expect(r.Headers['X-Ludex-Signature']).toBe(
          createHmac('sha256', credential.secret_key)
            .update(`${r.Headers['X-Ludex-Timestamp']}.${r.Body}`)
            .digest('hex'),
        )
      }
      // The attempt that went through is one the server takes (and the first, sent again, too: a new
      // request of the same events, which count once).
      expect((await replay(requests.at(-1)!)).status).toBe(200)
      expect((await replay(requests[0]!)).status).toBe(200)
      await f.bus.drain()
      const [row] = await f.raw<{ n: string }>(
        `SELECT toString(count()) AS n FROM ${tables.gameEvents} FINAL WHERE place_id = {p:UInt64} AND name = 'retried'`,
        { p: credential.place_id },
      )
      expect(row?.n).toBe('1')
    })
  })
})
