import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createShellDataLoader, loadShellData, SHELL_DATA_RETRY_MS } from './shell-data.ts'

const tags = [
  {
    id: 7,
    name: 'Obby studio',
    place_ids: [2],
    global: true,
    owner_id: 1,
    created: '2026-11-01T00:00:00.000Z',
    updated: '2026-11-01T00:00:00.000Z',
  },
]

function respond(ok: boolean) {
  return vi.fn(async (input: RequestInfo | URL) => {
    if (!ok)
      return new Response(JSON.stringify({ error: { code: 'down', message: 'down' } }), { status: 503 })
    const url = String(input)
    const body = url.includes('/api/placetag') ? tags : null
    if (body === null) return new Response('{}', { status: 404 })
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  })
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

describe('shell data', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('loads the tags once, and never every experience or every creator (issue 19 point 4)', async () => {
    const fetch = respond(true)
    vi.stubGlobal('fetch', fetch)
    const qc = client()
    const schedule = vi.fn()
    const load = createShellDataLoader(qc, schedule)
    await load()
    await load()
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/placetag'])
    expect(qc.getQueryData(['placetag'])).toEqual(tags)
    expect(schedule).not.toHaveBeenCalled()
  })

  it('on failure the loading ends without throwing and one reload is scheduled', async () => {
    vi.stubGlobal('fetch', respond(false))
    const qc = client()
    const runs: (() => void)[] = []
    const schedule = vi.fn((run: () => void, _ms: number) => runs.push(run))
    const load = createShellDataLoader(qc, schedule)
    await expect(load()).resolves.toBeUndefined()
    expect(schedule).toHaveBeenCalledTimes(1)
    expect(schedule.mock.calls[0]?.[1]).toBe(SHELL_DATA_RETRY_MS)
    // A second load while a reload is pending does not schedule another.
    await load()
    expect(schedule).toHaveBeenCalledTimes(1)

    // The scheduled reload succeeds once the API is back.
    vi.stubGlobal('fetch', respond(true))
    runs[0]?.()
    await vi.waitFor(() => expect(qc.getQueryData(['placetag'])).toEqual(tags))
  })

  it("keeps each client's pending reload its own", async () => {
    vi.stubGlobal('fetch', respond(false))
    const first = vi.fn()
    const second = vi.fn()
    await createShellDataLoader(client(), first)()
    // Another app's loader is not held back by the first one's pending reload.
    await createShellDataLoader(client(), second)()
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('a single attempt (the server render) tells whether every load succeeded', async () => {
    vi.stubGlobal('fetch', respond(false))
    await expect(loadShellData(client())).resolves.toBe(false)
    vi.stubGlobal('fetch', respond(true))
    await expect(loadShellData(client())).resolves.toBe(true)
  })
})
