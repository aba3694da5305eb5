import { ranksByPlayersOnline } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RankedExperience } from './columns.tsx'
import { ExperiencesTable } from './ExperiencesTable.tsx'

const exp = (place_id: number, players_online: number) => ({
  universe_id: place_id + 1000,
  place_id,
  name: `Game ${place_id}`,
  canonical_name: `Game ${place_id}`,
  players_online,
  total_visits: 2_500_000,
  like_percentage: 0.87654,
  creator_id: 1,
  genre_l1: 'obby & platformer',
  genre_l2: 'runner',
  genre: 'obby' as const,
})

function renderTable(rows: RankedExperience[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } })),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <ExperiencesTable tableId="test" rows={rows} loading={false} caption="Experiences" />,
      },
    ],
    { initialEntries: ['/'] },
  )
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('ExperiencesTable', () => {
  it('shows shared ranks for ties and skips the next rank', () => {
    const slim = [exp(1, 100), exp(2, 50), exp(3, 50), exp(4, 10)]
    const ranks = ranksByPlayersOnline(slim)
    renderTable(slim.map((r) => ({ ...r, rank: ranks.get(r.place_id) ?? 0 })))
    const body = screen.getAllByRole('rowgroup')[1]!
    const firstCells = within(body)
      .getAllByRole('row')
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent)
    expect(firstCells).toEqual(['#1', '#2', '#2', '#4'])
  })

  it('formats visits with a plus, like % ×100 to 2 decimals and the genre capitalised, linked', () => {
    renderTable([
      { ...exp(1, 5), rank: 1 },
      { ...exp(2, 4), genre: 'unlabeled', rank: 2 },
    ])
    expect(screen.getAllByText('2.5M+')).toHaveLength(2)
    expect(screen.getAllByText('87.65%')).toHaveLength(2)
    // The product genre (not the platform's genre_l1), linking to its page; unlabeled is a dash.
    expect(screen.getByRole('link', { name: 'Obby' }).getAttribute('href')).toBe('/genres/obby')
    expect(screen.queryByText('Obby & Platformer')).toBeNull()
    const rows = within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row')
    expect(within(rows[1]!).getByText('-')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Game 1' }).getAttribute('href')).toBe('/experiences/1')
  })

  it('pages by 20 rows by default', () => {
    const slim = Array.from({ length: 45 }, (_, i) => exp(i + 1, 1000 - i))
    renderTable(slim.map((r, i) => ({ ...r, rank: i + 1 })))
    expect(within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row')).toHaveLength(20)
  })
})
