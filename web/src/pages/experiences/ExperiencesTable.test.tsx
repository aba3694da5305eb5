import { ranksByPlayersOnline } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createColumnHelper } from '@tanstack/react-table'
import { render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { experienceColumns, type RankedExperience } from './columns.tsx'
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

/** A cell that reports each time it is drawn. */
function Counted({ onDraw }: { onDraw: () => void }) {
  onDraw()
  return null
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

  it('draws the icons when they answer without drawing the table again', async () => {
    // A column whose cells count how often the table draws its rows.
    let drawn = 0
    const counted = createColumnHelper<RankedExperience>().display({
      id: 'counted',
      cell: () => (
        <Counted
          onDraw={() => {
            drawn += 1
          }}
        />
      ),
    })
    let answerIcons = () => {}
    const iconsAnswered = new Promise<void>((resolve) => {
      answerIcons = resolve
    })
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const { pathname, searchParams } = new URL(input, 'http://ludex.test')
        if (pathname !== '/api/thumbnail/bulk') return Response.json([])
        await iconsAnswered
        const ids = (searchParams.get('placeIds') ?? '').split(',').map(Number)
        return Response.json(
          ids.map((place_id) => ({
            place_id,
            type: 'Icon',
            hash: `hash${place_id}`,
            time: '2026-11-18T00:00:00Z',
          })),
        )
      }),
    )
    const rows = [exp(1, 30), exp(2, 20), exp(3, 10)].map((r, i) => ({ ...r, rank: i + 1 }))
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <ExperiencesTable
              tableId="test"
              rows={rows}
              loading={false}
              caption="Experiences"
              columns={[...experienceColumns, counted]}
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    )
    const { container } = render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    )
    await waitFor(() => expect(drawn).toBeGreaterThanOrEqual(3))
    const before = drawn
    answerIcons()
    await waitFor(() =>
      expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(
        rows.map((r) => expect.stringContaining(`hash${r.place_id}`)),
      ),
    )
    expect(drawn).toBe(before)
  })
})
