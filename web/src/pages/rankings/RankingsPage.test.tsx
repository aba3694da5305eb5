import type { SessionUser } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, isRouteErrorResponse, Outlet, RouterProvider, useRouteError } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TEST_USER } from '../../account/test-render.tsx'
import { SESSION_QUERY_KEY } from '../../api/queries.ts'
import { experienceApi } from '../../api/test-experience-api.ts'
import { SIGN_IN_TO_SEE_MORE } from '../../experience/sign-in-to-see-more.tsx'
import { SIGN_UP_PROMO_TITLE } from '../../ui/promo.tsx'
import { route } from './route.tsx'

const H = 3_600_000
const D = 24 * H
/** Now for every test: 2026-11-18 14:37 UTC. */
const NOW = Date.UTC(2026, 10, 18, 14, 37)

/** What the stub answers for /api/stats/ranking/{id}: three places at the slot before the asked time. */
const POSITIONS = [
  { place_id: 301, pos: 1 },
  { place_id: 302, pos: 2 },
  { place_id: 303, pos: 3 },
]
/** The tracked experiences the lookups answer for. */
const experiences = experienceApi(
  [301, 302, 303].map((id) => ({
    universe_id: id + 1000,
    place_id: id,
    name: `Game ${id}`,
    canonical_name: `Game ${id}`,
    players_online: 10,
    total_visits: 10,
    like_percentage: 0.5,
    creator_id: 1,
    genre_l1: 'obby & platformer',
    genre_l2: 'runner',
    genre: 'obby' as const,
  })),
)
let asked: string[] = []
let changesAsked: string[] = []
let scrolled: Element[] = []

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  vi.setSystemTime(NOW)
  asked = []
  changesAsked = []
  scrolled = []
  window.HTMLElement.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this)
  }
  sessionStorage.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://ludex.test')
      // The names come from the lookup of the ranked ids (304 is not tracked).
      const experience = experiences(input)
      if (experience) return experience
      let body: unknown = []
      if (url.pathname.endsWith('/changes')) {
        // The day's entries and exits (the Entered and Left panel): 303 entered, 304 left.
        changesAsked.push(`${url.pathname}${url.search}`)
        body = {
          day: '2026-11-18',
          compared_with: '2026-11-17',
          entered: [{ place_id: 303, rank: 3 }],
          left: [{ place_id: 304, rank: 2 }],
        }
      } else if (url.pathname.startsWith('/api/stats/ranking/')) {
        asked.push(`${url.pathname}${url.search}`)
        const at = Number(url.searchParams.get('startTime') ?? NOW)
        const slot = Math.floor(Math.min(at, NOW) / 600_000) * 600_000
        body = { time: new Date(slot).toISOString(), positions: POSITIONS }
      }
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function ErrorStatus() {
  const error = useRouteError()
  return <p>status {isRouteErrorResponse(error) ? error.status : 'other'}</p>
}

function Nothing() {
  return null
}
function Elsewhere() {
  return <p>elsewhere</p>
}

async function open(address: string, session: SessionUser | null = TEST_USER) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(SESSION_QUERY_KEY, session)
  const router = createMemoryRouter(
    [
      {
        element: (
          <ModalsProvider>
            <Outlet />
          </ModalsProvider>
        ),
        HydrateFallback: Nothing,
        children: [
          { path: '/rankings/:rankingIndex', errorElement: <ErrorStatus />, ...route(queryClient) },
          { path: '*', Component: Elsewhere },
        ],
      },
    ],
    { initialEntries: [address] },
  )
  render(
    // env="test": no transitions, so the category list opens at once.
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return router
}

const loaded = () => screen.findByRole('heading', { level: 1 })
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const search = (router: Awaited<ReturnType<typeof open>>) => new URLSearchParams(router.state.location.search)

describe('the rankings page', () => {
  it('is titled with its category and its description, and ranks the capture’s experiences', async () => {
    await open('/rankings/10')
    expect((await loaded()).textContent).toBe('Up-and-Coming')
    expect(screen.getByText(/^Experiences published within the last 28 days/)).toBeTruthy()
    expect(asked).toEqual(['/api/stats/ranking/10'])
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['#1', '#2', '#3'])
    const links = rows.map((r) => within(r).getByRole('link'))
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Game 301', '/experiences/301'],
      ['Game 302', '/experiences/302'],
      ['Game 303', '/experiences/303'],
    ])
    // The latest capture, today: no later day.
    expect(button('Next Day').disabled).toBe(true)
    expect(screen.getByText('Wednesday, November 18, 2026')).toBeTruthy()
  })

  it('lists who entered and who left on the shown day, linked to their pages', async () => {
    const time = Date.UTC(2026, 10, 10, 7, 42)
    await open(`/rankings/8?time=${time}`)
    await loaded()
    const entered = await screen.findByRole('region', { name: 'Entered' })
    expect(changesAsked).toEqual([`/api/stats/ranking/8/changes?startTime=${time}`])
    expect(within(entered).getByRole('link').getAttribute('href')).toBe('/experiences/303')
    expect(entered.textContent).toContain('#3')
    const left = screen.getByRole('region', { name: 'Left' })
    expect(within(left).getByRole('link').textContent).toBe('Experience 304')
    expect(screen.getByText(/Nov 18, 2026 against Nov 17, 2026/)).toBeTruthy()
  })

  it('answers 404 for an index that names no chart category', async () => {
    for (const index of ['0', '13', '39', 'abc']) {
      const router = await open(`/rankings/${index}`)
      await screen.findByText('status 404')
      expect(router.state.location.pathname).toBe(`/rankings/${index}`)
      act(() => router.dispose())
      document.body.innerHTML = ''
    }
    expect(asked).toEqual([])
  })

  it('opens at the address’s time and marks the experience of exp, scrolled to', async () => {
    const time = Date.UTC(2026, 10, 10, 7, 42)
    await open(`/rankings/8?time=${time}&exp=302`)
    await loaded()
    expect(asked).toEqual([`/api/stats/ranking/8?startTime=${time}`])
    expect(screen.getByText('Tuesday, November 10, 2026')).toBeTruthy()
    expect((screen.getByRole('slider') as HTMLElement).getAttribute('aria-valuenow')).toBe('7')
    const marked = screen.getAllByRole('row').filter((r) => r.getAttribute('aria-current') === 'true')
    expect(marked.map((r) => within(r).getByRole('link').textContent)).toEqual(['Game 302'])
    expect(scrolled).toContain(marked[0])
    // A capture without the experience says so.
    await act(async () => {
      await open(`/rankings/8?time=${time}&exp=999`)
    })
    expect(await screen.findByText('Experience 999 is not in Most Popular at this time.')).toBeTruthy()
  })

  it('steps a day back and forth at the same time; Next Day into today goes to the latest capture', async () => {
    const router = await open('/rankings/8')
    await loaded()
    fireEvent.click(button('Previous Day'))
    await screen.findByText('Tuesday, November 17, 2026')
    expect(search(router).get('time')).toBe(String(NOW - D))
    expect(button('Next Day').disabled).toBe(false)
    fireEvent.click(button('Next Day'))
    await screen.findByText('Wednesday, November 18, 2026')
    expect(search(router).get('time')).toBeNull()
    expect(asked).toEqual(['/api/stats/ranking/8', `/api/stats/ranking/8?startTime=${NOW - D}`])
  })

  it('asks for the slider’s hour once it settles, keeping the day and the highlighted experience', async () => {
    const time = Date.UTC(2026, 10, 12, 9, 0)
    const router = await open(`/rankings/9?time=${time}&exp=303`)
    await loaded()
    const slider = screen.getByRole('slider')
    for (let i = 0; i < 5; i++) fireEvent.keyDown(slider, { key: 'ArrowRight' })
    act(() => vi.advanceTimersByTime(199))
    expect(search(router).get('time')).toBe(String(time))
    act(() => vi.advanceTimersByTime(1))
    await waitFor(() => expect(search(router).get('time')).toBe(String(Date.UTC(2026, 10, 12, 14))))
    expect(search(router).get('exp')).toBe('303')
    expect(asked.at(-1)).toBe(`/api/stats/ranking/9?startTime=${Date.UTC(2026, 10, 12, 14)}`)
    expect(asked).toHaveLength(2)
  })

  it('switches category at the same time', async () => {
    const time = Date.UTC(2026, 10, 12, 9, 0)
    const router = await open(`/rankings/9?time=${time}`)
    await loaded()
    fireEvent.click(screen.getByRole('combobox', { name: 'Chart category' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Top Rated' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/rankings/11'))
    expect(search(router).get('time')).toBe(String(time))
    // The new category's title once its capture has answered (the old page stays until then).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Top Rated'))
  })
})

describe('a visitor on the rankings page', () => {
  it('steps back through the last 30 days; the step past them gets the sign-up prompt', async () => {
    const edge = NOW - 29 * D - H
    const router = await open(`/rankings/8?time=${edge}`, null)
    await loaded()
    fireEvent.click(button('Previous Day'))
    expect(await screen.findByText(SIGN_UP_PROMO_TITLE)).toBeTruthy()
    expect(search(router).get('time')).toBe(String(edge))
  })

  it('opening a moment older than the window gets the prompt that only 30 days are open', async () => {
    await open(`/rankings/8?time=${NOW - 40 * D}`, null)
    await loaded()
    expect(await screen.findByText(SIGN_IN_TO_SEE_MORE)).toBeTruthy()
  })

  it('is not prompted inside the window, nor is a signed-in user anywhere', async () => {
    await open(`/rankings/8?time=${NOW - 40 * D}`)
    await loaded()
    fireEvent.click(button('Previous Day'))
    await screen.findByText(/October 8, 2026/)
    expect(screen.queryByText(SIGN_IN_TO_SEE_MORE)).toBeNull()
    expect(screen.queryByText(SIGN_UP_PROMO_TITLE)).toBeNull()
  })
})
