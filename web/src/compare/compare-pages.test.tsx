import type { CcuPeriodsResponse, PlaceTag, SessionUser, SlimExperience } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TEST_USER } from '../account/test-render.tsx'
import { api, SESSION_QUERY_KEY } from '../api/queries.ts'
import { experienceApi } from '../api/test-experience-api.ts'
import { createRoutes, SHELL_ROUTE_ID } from '../app/router.tsx'
import { RouteError } from '../shell/RouteError.tsx'
import { COMPARE_TEXT } from './texts.ts'

const slim = (place_id: number, name: string, players_online: number): SlimExperience => ({
  universe_id: place_id + 1000,
  place_id,
  name,
  canonical_name: name,
  players_online,
  total_visits: players_online * 1000,
  like_percentage: 0.9,
  creator_id: 1,
  genre_l1: 'Obby',
  genre_l2: '',
  genre: 'obby',
})

const EDITOR: SessionUser = { ...TEST_USER, role: 'editor', actual_role: 'editor' }

const LIST = [
  slim(11, 'Tower Run', 5000),
  slim(12, 'Lava Race', 1200),
  slim(13, 'Sky Obby', 800),
  slim(14, 'Cave Quest', 300),
  slim(15, 'Ice Dash', 200),
  slim(16, 'Jungle Jump', 100),
  slim(17, 'Moon Hop', 50),
]

const TAGS: PlaceTag[] = [
  {
    id: 4,
    name: 'Obbies',
    place_ids: [11, 12],
    global: true,
    owner_id: 1,
    created: '2025-01-01T00:00:00.000Z',
    updated: '2025-01-01T00:00:00.000Z',
  },
  {
    id: 5,
    name: 'Racers',
    place_ids: [12],
    global: true,
    owner_id: 1,
    created: '2025-01-01T00:00:00.000Z',
    updated: '2025-01-01T00:00:00.000Z',
  },
]

const periods = (ids: number[]): CcuPeriodsResponse => ({
  places: ids.map((id) => ({
    place_id: id,
    name: String(id),
    day: { start: '2026-11-17T01:00:00.000Z', value: id * 10.5 },
    week: { start: '2026-11-09T01:00:00.000Z', value: id * 9 },
    month: null,
  })),
})

/** The app's compare routes, inside a bare frame (no shell data). */
function compareRoutes(queryClient: QueryClient): RouteObject[] {
  const shell = createRoutes(queryClient, { loadShellData: async () => undefined }).find(
    (r) => r.id === SHELL_ROUTE_ID,
  )
  const pages = shell?.children?.flatMap((group) => group.children ?? []) ?? []
  return pages.filter((r) => r.path?.startsWith('compare/'))
}

/** The input of a picker row (its listbox carries the same label). */
const picker = (n: number) => {
  const box = screen.getAllByLabelText(`Experience ${n}`).find((el) => el.tagName === 'INPUT')
  if (!box) throw new Error(`no picker ${n}`)
  return box
}

function Elsewhere() {
  return <p>elsewhere {useLocation().pathname}</p>
}

function open(entry: string, session: SessionUser | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(SESSION_QUERY_KEY, session)
  queryClient.setQueryData(api.tags().queryKey, TAGS)
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        children: [...compareRoutes(queryClient), { path: '*', Component: Elsewhere }],
      },
    ],
    { initialEntries: [entry] },
  )
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { router, queryClient }
}

// The pages are lazy route modules: the first load of one takes its import.
configure({ asyncUtilTimeout: 5000 })
// The experiences the pages look up and search are the API's (a double over LIST); anything else fails.
beforeEach(() => {
  const answer = experienceApi(LIST)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => answer(input) ?? new Response('{}', { status: 404 })),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the compare pages', () => {
  it.each([
    ['/compare/experiences', COMPARE_TEXT.experiencesTitle],
    ['/compare/experience-tag', COMPARE_TEXT.experienceTagTitle],
    ['/compare/tags', COMPARE_TEXT.tagsTitle],
  ])('%s sends visitors to /overview and shows signed-in users the page', async (path, title) => {
    const visitor = open(path, null)
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/overview'))
    cleanup()
    open(path, TEST_USER)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe(`${title} | Ludex`))
  })

  it('takes two experiences from the address: side-by-side table with the last completed periods', async () => {
    // An editor: the role viewer has no dashboards panel (part 1 §2).
    const { queryClient } = open('/compare/experiences#exp=11,12', EDITOR)
    queryClient.setQueryData(api.ccuPeriods([11, 12]).queryKey, periods([11, 12]))
    const table = await screen.findByRole('table', { name: 'Comparison' })
    // The names, once the lookup of the address's ids has answered.
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Measure', 'Tower Run', 'Lava Race']),
    )
    const rowOf = (label: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByRole('rowheader')?.textContent === label)!
    expect(
      within(rowOf('Player Count'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5,000', '1,200'])
    await waitFor(() =>
      expect(within(rowOf('Daily CCU')).getAllByRole('cell')[0]!.textContent).toBe(
        '115.5last completed day: Nov 17, 2026',
      ),
    )
    expect(within(rowOf('Monthly CCU')).getAllByRole('cell')[0]!.textContent).toBe('-')
    // The embedded dashboards, one panel per experience.
    expect(screen.getByRole('region', { name: 'Tower Run Dashboards' })).toBeTruthy()
    for (const title of [
      COMPARE_TEXT.ccu,
      COMPARE_TEXT.averagePlaytime,
      COMPARE_TEXT.visits,
      COMPARE_TEXT.likeRate,
    ]) {
      expect(screen.getByRole('region', { name: title })).toBeTruthy()
    }
  })

  it('draws one row per experience with three or more, and no charts below two', async () => {
    open('/compare/experiences#exp=11,12,13', TEST_USER)
    const table = await screen.findByRole('table', { name: 'Comparison' })
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect((await within(table).findByRole('link', { name: 'Sky Obby' })).getAttribute('href')).toBe(
      '/experiences/13',
    )
    cleanup()
    open('/compare/experiences#exp=11', TEST_USER)
    expect(await screen.findByText(COMPARE_TEXT.pickTwo)).toBeTruthy()
    expect(screen.queryByRole('region', { name: COMPARE_TEXT.ccu })).toBeNull()
  })

  it('refuses duplicates (Compare off) and stops adding pickers at 6', async () => {
    open('/compare/experiences#exp=11,12,13,14,15,16', TEST_USER)
    const compare = await screen.findByRole('button', { name: COMPARE_TEXT.compare })
    expect(compare.hasAttribute('disabled')).toBe(false)
    expect(screen.getByRole('button', { name: COMPARE_TEXT.addExperience }).hasAttribute('disabled')).toBe(
      true,
    )
    const second = picker(2)
    fireEvent.change(second, { target: { value: '11' } })
    await waitFor(() => expect(compare.hasAttribute('disabled')).toBe(true))
    expect(screen.getByRole('alert').textContent).toBe(COMPARE_TEXT.duplicates)
  })

  it('writes the pickers to the address on Compare', async () => {
    const { router } = open('/compare/experiences', TEST_USER)
    await screen.findByRole('heading', { level: 1 })
    fireEvent.change(picker(1), { target: { value: '13' } })
    fireEvent.change(picker(2), { target: { value: '17' } })
    fireEvent.click(screen.getByRole('button', { name: COMPARE_TEXT.compare }))
    await waitFor(() => expect(router.state.location.hash).toBe('#exp=13,17'))
    expect(await screen.findByRole('table', { name: 'Comparison' })).toBeTruthy()
  })

  it('compares two tags from tag-1 and tag-2, and refuses the same tag twice', async () => {
    open('/compare/tags#tag-1=4&tag-2=4', TEST_USER)
    expect(await screen.findByText(COMPARE_TEXT.pickTwoTags)).toBeTruthy()
    expect(screen.getByRole('button', { name: COMPARE_TEXT.compare }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByText(COMPARE_TEXT.sameTag)).toBeTruthy()
    cleanup()
    open('/compare/tags#tag-1=4&tag-2=5', TEST_USER)
    expect(await screen.findByRole('region', { name: COMPARE_TEXT.tagVsTagCcu })).toBeTruthy()
    expect(screen.getByRole('region', { name: COMPARE_TEXT.tagVsTagPlaytime })).toBeTruthy()
  })

  it('compares experiences with a tag from tag-1 and exp', async () => {
    open('/compare/experience-tag#tag-1=4&exp=11', TEST_USER)
    expect(await screen.findByRole('region', { name: COMPARE_TEXT.experiencesVsTagCcu })).toBeTruthy()
    expect(screen.getByRole('region', { name: COMPARE_TEXT.experienceVsTagPlaytime })).toBeTruthy()
    cleanup()
    open('/compare/experience-tag#exp=11', TEST_USER)
    expect(await screen.findByText(COMPARE_TEXT.pickTagAndExperience)).toBeTruthy()
  })
})
