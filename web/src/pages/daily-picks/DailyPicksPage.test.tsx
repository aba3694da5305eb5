import type { SessionUser } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TEST_USER } from '../../account/test-render.tsx'
import { SESSION_QUERY_KEY } from '../../api/queries.ts'
import { SIGN_UP_PROMO_TITLE } from '../../ui/promo.tsx'
import { route } from './route.tsx'

/** Today for every test: Wednesday 2026-11-18, in the afternoon (UTC). */
const NOW = Date.UTC(2026, 10, 18, 15, 30)

type Pick = { date: string; places: { name: string; place_id: number }[] }
const pick = (date: string, ...ids: number[]): Pick => ({
  date,
  places: ids.map((id) => ({ name: `Game ${id}`, place_id: id })),
})

/** The server's picks; the stub answers a range request with the dates inside it, as the API does. */
let stored: Pick[] = []
let asked: string[] = []

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  stored = []
  asked = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://ludex.test')
      let body: unknown = []
      if (url.pathname === '/api/platform/picks') {
        asked.push(url.search)
        const from = url.searchParams.get('startTime') ?? ''
        const to = url.searchParams.get('endTime') ?? ''
        body = stored.filter((p) => p.date >= from && p.date <= to)
      }
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

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
        // Inside the router, as in the shell: the sign-up promo holds a link.
        element: (
          <ModalsProvider>
            <Outlet />
          </ModalsProvider>
        ),
        HydrateFallback: Nothing,
        children: [
          { path: '/daily-picks', ...route(queryClient) },
          { path: '*', Component: Elsewhere },
        ],
      },
    ],
    { initialEntries: [address] },
  )
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  await screen.findByRole('heading', { level: 1, name: 'Daily Picks' })
  return router
}

const monthTitle = () => screen.getByRole('heading', { level: 2 }).textContent
const previousMonth = () => screen.getByRole('button', { name: 'Previous Month' })
const nextMonth = () => screen.getByRole('button', { name: 'Next Month' })
const previousLink = () => screen.queryByRole('link', { name: 'Previous Month' })
const nextLink = () => screen.queryByRole('link', { name: 'Next Month' })
const disabled = (el: HTMLElement) => (el as HTMLButtonElement).disabled
const day = (date: string) => {
  const cell = document.querySelector(`[data-day="${date}"]`)
  if (!(cell instanceof HTMLElement)) throw new Error(`no day ${date}`)
  return cell
}

describe('the daily picks month navigation', () => {
  it('opens on the current month, where Next Month is disabled and Previous Month leads back', async () => {
    const router = await open('/daily-picks')
    expect(monthTitle()).toBe('November 2026')
    expect(disabled(nextMonth())).toBe(true)
    expect(nextLink()).toBeNull()
    expect(previousLink()?.getAttribute('href')).toBe('/daily-picks?month=2026-10')
    // It asked for the month up to today.
    expect(asked).toEqual(['?startTime=2026-11-01&endTime=2026-11-18'])

    fireEvent.click(previousLink()!)
    await screen.findByText('October 2026')
    expect(router.state.location.search).toBe('?month=2026-10')
    expect(asked.at(-1)).toBe('?startTime=2026-10-01&endTime=2026-10-31')
    expect(nextLink()?.getAttribute('href')).toBe('/daily-picks?month=2026-11')
  })

  it('disables Previous Month at September 2024, when the picks start, and not a month later', async () => {
    await open('/daily-picks?month=2024-09')
    expect(monthTitle()).toBe('September 2024')
    expect(disabled(previousMonth())).toBe(true)
    expect(previousLink()).toBeNull()
    expect(nextLink()?.getAttribute('href')).toBe('/daily-picks?month=2024-10')
  })

  it('keeps an address outside the picks’ months to the nearest one', async () => {
    await open('/daily-picks?month=2023-02')
    expect(monthTitle()).toBe('September 2024')
    expect(disabled(previousMonth())).toBe(true)
  })

  it('never goes past the current month', async () => {
    await open('/daily-picks?month=2027-03')
    expect(monthTitle()).toBe('November 2026')
    expect(disabled(nextMonth())).toBe(true)
  })
})

describe('the daily picks days', () => {
  it('shows each day’s picks as links, and the platform’s events on empty days', async () => {
    stored = [pick('2024-10-05', 11, 12), pick('2024-10-23', 13)]
    await open('/daily-picks?month=2024-10')
    const picks = within(day('2024-10-05')).getAllByRole('link')
    expect(picks.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Game 11', '/experiences/11'],
      ['Game 12', '/experiences/12'],
    ])
    expect(day('2024-10-06').textContent).toContain('No daily picks during this period')
    expect(day('2024-10-23').textContent).toContain('Game 13')
    for (const date of ['2024-10-24', '2024-10-28', '2024-10-31']) {
      expect(day(date).textContent).toContain('No daily picks during The Haunt')
    }
  })

  it('names The Haunt into November, Winter Spotlight over the new year and The Hunt in March', async () => {
    await open('/daily-picks?month=2024-11')
    expect(day('2024-11-02').textContent).toContain('No daily picks during The Haunt')
    expect(day('2024-11-03').textContent).toContain('No daily picks during this period')
    cleanup()
    await open('/daily-picks?month=2024-12')
    expect(day('2024-12-16').textContent).toContain('No daily picks during this period')
    expect(day('2024-12-17').textContent).toContain('No daily picks during Winter Spotlight')
    cleanup()
    await open('/daily-picks?month=2025-01')
    expect(day('2025-01-02').textContent).toContain('No daily picks during Winter Spotlight')
    expect(day('2025-01-03').textContent).toContain('No daily picks during this period')
    cleanup()
    await open('/daily-picks?month=2025-03')
    expect(day('2025-03-13').textContent).toContain('No daily picks during this period')
    expect(day('2025-03-14').textContent).toContain('No daily picks during The Hunt')
    expect(day('2025-03-24').textContent).toContain('No daily picks during The Hunt')
    expect(day('2025-03-25').textContent).toContain('No daily picks during this period')
  })

  it('says that no picks came yet from today on, and marks today', async () => {
    stored = [pick('2026-11-16', 1), pick('2026-11-17', 2)]
    await open('/daily-picks')
    expect(day('2026-11-15').textContent).toContain('No daily picks during this period')
    expect(day('2026-11-17').textContent).toContain('Game 2')
    for (const date of ['2026-11-18', '2026-11-19', '2026-11-30']) {
      expect(day(date).textContent).toContain('No New Daily Picks Yet')
    }
    expect(day('2026-11-18')?.getAttribute('aria-current')).toBe('date')
  })
})

describe('a visitor’s daily picks', () => {
  it('sees the last 28 days; an older date is locked, with the sign-up prompt, and never asked for', async () => {
    stored = [pick('2026-10-20', 1), pick('2026-10-21', 2)]
    await open('/daily-picks', null)
    expect(screen.queryByText('Sign up to access daily picks beyond 30 days')).toBeNull()
    fireEvent.click(previousLink()!)
    await screen.findByText('October 2026')
    expect(screen.getByText('Sign up to access daily picks beyond 30 days')).toBeTruthy()
    expect(asked.at(-1)).toBe('?startTime=2026-10-21&endTime=2026-10-31')
    expect(day('2026-10-20')?.getAttribute('data-kind')).toBe('locked')
    expect(day('2026-10-20').textContent).not.toContain('Game 1')
    expect(day('2026-10-21').textContent).toContain('Game 2')
  })

  it('gets the sign-up promo from Previous Month when the month before is wholly beyond reach', async () => {
    await open('/daily-picks?month=2026-10', null)
    expect(previousLink()).toBeNull()
    fireEvent.click(previousMonth())
    expect(await screen.findByText(SIGN_UP_PROMO_TITLE)).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'October 2026' })).toBeTruthy()
  })

  it('opening an older month by its address sees every date locked and asks for nothing', async () => {
    await open('/daily-picks?month=2025-06', null)
    expect(monthTitle()).toBe('June 2025')
    expect(screen.getByText('Sign up to access daily picks beyond 30 days')).toBeTruthy()
    expect(day('2025-06-01')?.getAttribute('data-kind')).toBe('locked')
    expect(day('2025-06-30')?.getAttribute('data-kind')).toBe('locked')
    expect(asked).toEqual([])
  })

  it('is not asked of a signed-in user, who sees the whole month', async () => {
    stored = [pick('2026-10-20', 1)]
    await open('/daily-picks?month=2026-10')
    expect(screen.queryByText('Sign up to access daily picks beyond 30 days')).toBeNull()
    expect(day('2026-10-20').textContent).toContain('Game 1')
    expect(previousLink()?.getAttribute('href')).toBe('/daily-picks?month=2026-09')
  })
})
