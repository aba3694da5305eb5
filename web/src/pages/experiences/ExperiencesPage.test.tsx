import { LIST_SEARCH_DEBOUNCE_MS, type SlimExperience } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_QUERY_KEY } from '../../api/queries.ts'
import { experienceApi } from '../../api/test-experience-api.ts'
import { route } from './route.tsx'

/*
 * The experiences list asks the server for each page (issue 19 point 4): what it asks when the page
 * opens, a header is clicked, a page is picked, the page size changes and the search settles.
 */

const exp = (i: number): SlimExperience => ({
  universe_id: 5000 + i,
  place_id: 100 + i,
  name: i % 3 === 0 ? `Tower ${i}` : `Game ${i}`,
  canonical_name: i % 3 === 0 ? `Tower ${i}` : `Game ${i}`,
  players_online: 1000 - i,
  total_visits: 10 * i,
  like_percentage: 0.5,
  creator_id: 1,
  genre_l1: '',
  genre_l2: '',
  genre: 'unlabeled',
})
const LIST = Array.from({ length: 45 }, (_, i) => exp(i + 1))

// The page's modules load on its first render (a while on a busy machine).
configure({ asyncUtilTimeout: 5000 })

/** The list calls the page made, as their query strings' parameters. */
let asked: Record<string, string>[] = []

beforeEach(() => {
  asked = []
  const answer = experienceApi(LIST)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://ludex.test')
      if (url.pathname === '/api/place/list') asked.push(Object.fromEntries(url.searchParams))
      if (url.pathname === '/api/placetag')
        return new Response('[]', { headers: { 'content-type': 'application/json' } })
      return answer(input) ?? new Response('[]', { headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  localStorage.clear()
})

function open(entry = '/experiences') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(SESSION_QUERY_KEY, null)
  const router = createMemoryRouter([{ path: '/experiences', ...route(queryClient) }], {
    initialEntries: [entry],
  })
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
}

const rows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row')
const last = () => asked.at(-1)

describe('the experiences list, a page at a time', () => {
  it('asks for the first 20 by rank, and shows how many there are of how many', async () => {
    open()
    expect(await screen.findByText('45 of 45 experiences, ranked by players online')).toBeTruthy()
    expect(asked[0]).toEqual({ page: '1', pageSize: '20', sort: 'rank', order: 'asc' })
    expect(rows()).toHaveLength(20)
    expect(within(rows()[0]!).getByRole('link', { name: 'Game 1' })).toBeTruthy()
  })

  it('asks for another order both ways, then another page of it', async () => {
    open()
    await screen.findByText('45 of 45 experiences, ranked by players online')
    fireEvent.click(screen.getByRole('button', { name: /Visits/ }))
    await waitFor(() => expect(last()).toMatchObject({ sort: 'total_visits', order: 'desc', page: '1' }))
    fireEvent.click(screen.getByRole('button', { name: /Visits/ }))
    await waitFor(() => expect(last()).toMatchObject({ sort: 'total_visits', order: 'asc' }))
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(last()).toMatchObject({ page: '3', sort: 'total_visits' }))
    await waitFor(() => expect(rows()).toHaveLength(5))
  })

  it('goes back to the first page when the search settles, and asks with it', async () => {
    open()
    await screen.findByText('45 of 45 experiences, ranked by players online')
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(last()).toMatchObject({ page: '2' }))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search experiences' }), {
      target: { value: 'tower' },
    })
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS - 1))
    expect(last()).toMatchObject({ page: '2' })
    act(() => vi.advanceTimersByTime(1))
    vi.useRealTimers()
    await waitFor(() =>
      expect(last()).toEqual({ page: '1', pageSize: '20', sort: 'rank', order: 'asc', search: 'tower' }),
    )
    expect(await screen.findByText('15 of 45 experiences, ranked by players online')).toBeTruthy()
  })

  it('takes its search from the address', async () => {
    open('/experiences#search=Tower%203')
    expect(await screen.findByText('5 of 45 experiences, ranked by players online')).toBeTruthy()
    expect((screen.getByRole('searchbox', { name: 'Search experiences' }) as HTMLInputElement).value).toBe(
      'Tower 3',
    )
    expect(asked.some((q) => q.search === 'Tower 3')).toBe(true)
  })
})
