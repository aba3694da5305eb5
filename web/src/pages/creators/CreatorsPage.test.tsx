import { type Creator, LIST_SEARCH_DEBOUNCE_MS } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../api/queries.ts'
import { CreatorsPage } from './CreatorsPage.tsx'

const creator = (id: number, name: string, experiences: number, type: Creator['type'] = 'User'): Creator => ({
  id,
  name,
  type,
  is_verified: id % 2 === 0,
  thumbnail_hash: 'default',
  place_ids: Array.from({ length: experiences }, (_, i) => id * 100 + i + 1),
})

const LIST = [
  creator(1, 'Blue Fox', 2),
  creator(2, 'Red Wolf Studios', 9, 'Group'),
  creator(3, 'Blue Owl', 4),
  creator(4, 'Sky Labs', 1),
  // A group sharing a user's id: its link names its type.
  creator(3, 'Blue Owl Group', 3, 'Group'),
]

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(api.creators().queryKey, LIST)
  const router = createMemoryRouter([{ path: '/creators', element: <CreatorsPage /> }], {
    initialEntries: ['/creators'],
  })
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
}

const names = () =>
  within(screen.getAllByRole('rowgroup')[1]!)
    .getAllByRole('row')
    .map((r) => within(r).getAllByRole('cell')[1]!.textContent)

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false })
})
afterEach(() => {
  vi.useRealTimers()
  localStorage.clear()
})

describe('CreatorsPage', () => {
  it('lists creators with most experiences first, linking each to its page', () => {
    renderPage()
    expect(names()).toEqual(['Red Wolf Studios', 'Blue Owl', 'Blue Owl Group', 'Blue Fox', 'Sky Labs'])
    expect(screen.getByRole('link', { name: 'Red Wolf Studios' }).getAttribute('href')).toBe('/creators/2')
    expect(screen.getByRole('link', { name: 'Blue Owl' }).getAttribute('href')).toBe('/creators/3?type=User')
    expect(screen.getByRole('link', { name: 'Blue Owl Group' }).getAttribute('href')).toBe(
      '/creators/3?type=Group',
    )
    expect(screen.getByRole('columnheader', { name: 'Experiences' }).getAttribute('aria-sort')).toBe(
      'descending',
    )
  })

  it('searches from 3 characters, once the text has rested 300 ms', () => {
    renderPage()
    const box = screen.getByRole('searchbox', { name: 'Search creators' })
    fireEvent.change(box, { target: { value: 'bl' } })
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS))
    // Two characters: no search.
    expect(names()).toHaveLength(5)
    fireEvent.change(box, { target: { value: 'blue o' } })
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS - 1))
    // Not yet: the debounce has not elapsed.
    expect(names()).toHaveLength(5)
    act(() => vi.advanceTimersByTime(1))
    expect(names()).toEqual(['Blue Owl', 'Blue Owl Group'])
    expect(screen.getByText('2 of 5 creators match “blue o”')).toBeTruthy()
    fireEvent.change(box, { target: { value: '' } })
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS))
    expect(names()).toHaveLength(5)
  })
})
