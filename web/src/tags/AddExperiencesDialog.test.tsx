import type { SlimExperience } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { experienceApi } from '../api/test-experience-api.ts'
import { AddExperiencesDialog } from './AddExperiencesDialog.tsx'
import { BulkAddDialog } from './BulkAddDialog.tsx'

const slim = (place_id: number, name: string, players_online: number): SlimExperience => ({
  universe_id: place_id + 1_000_000,
  place_id,
  name,
  canonical_name: name,
  players_online,
  total_visits: 1000,
  like_percentage: 0.9,
  creator_id: 1,
  genre_l1: 'Obby',
  genre_l2: 'Classic Obby',
  genre: 'obby',
})
/** A row's search box (the label also names the row's suggestion list). */
const rowBox = (n: number) => {
  const box = screen.getAllByLabelText(`Experience ${n}`).find((el) => el.tagName === 'INPUT')
  if (!box) throw new Error(`no box for row ${n}`)
  return box as HTMLInputElement
}

const LIST = [slim(101, 'Mega Obby', 10), slim(102, 'Mega Obby Two', 5), slim(103, 'Tower Run', 3)]

// The search and the lookups are the API's: a double over LIST.
beforeEach(() => {
  const answer = experienceApi(LIST)
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => answer(input) ?? new Response('{}', { status: 404 })),
  )
})
afterEach(() => vi.unstubAllGlobals())

function renderDialog(onAdd = vi.fn(async (_ids: number[]) => undefined)) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <AddExperiencesDialog opened tagName="Obbies" onClose={() => undefined} onAdd={onAdd} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return onAdd
}

describe('AddExperiencesDialog', () => {
  it('adds rows up to 5, then Add Row is disabled', () => {
    renderDialog()
    const addRow = screen.getByRole('button', { name: 'Add Row' })
    for (let i = 0; i < 4; i++) fireEvent.click(addRow)
    expect(rowBox(5)).toBeTruthy()
    expect(screen.queryAllByLabelText('Experience 6')).toHaveLength(0)
    expect((addRow as HTMLButtonElement).disabled).toBe(true)
  })

  it('keeps Add disabled until a row holds an experience or an id, and drops invalid rows', async () => {
    const onAdd = renderDialog()
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement
    expect(add.disabled).toBe(true)
    fireEvent.change(rowBox(1), { target: { value: 'not an id' } })
    expect(add.disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Add Row' }))
    fireEvent.change(rowBox(2), { target: { value: '987654' } })
    expect(add.disabled).toBe(false)
    // An id Ludex does not track is accepted, and said so once its lookup has answered.
    expect(
      await screen.findByText('Experience 987654 is not tracked yet: it is tracked from now on'),
    ).toBeTruthy()
    fireEvent.click(add)
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith([987654]))
  })

  it('selects the one exact match on blur', async () => {
    const onAdd = renderDialog()
    const box = rowBox(1)
    fireEvent.change(box, { target: { value: 'tower run' } })
    fireEvent.blur(box)
    expect(await screen.findByText('Adds Tower Run')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith([103]))
  })

  it('takes nothing on blur when the text matches more than one', async () => {
    renderDialog()
    const box = rowBox(1)
    fireEvent.change(box, { target: { value: 'mega' } })
    fireEvent.blur(box)
    // The blur's search has answered (its suggestions are listed) and nothing was taken.
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain(
        '/api/place/search?q=mega&limit=9',
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true)
    expect(box.value).toBe('mega')
  })

  it('reduces a pasted game link to its id', () => {
    renderDialog()
    const box = rowBox(1)
    fireEvent.change(box, { target: { value: 'https://www.roblox.com/games/102/Mega-Obby-Two' } })
    expect(box.value).toBe('102')
  })
})

describe('BulkAddDialog', () => {
  function renderBulk() {
    const onAdd = vi.fn(async (_ids: number[]) => undefined)
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <BulkAddDialog opened tagName="Obbies" onClose={() => undefined} onAdd={onAdd} />
        </QueryClientProvider>
      </MantineProvider>,
    )
    return onAdd
  }

  it("says 'format is not valid' and disables Add on a bad entry", () => {
    renderBulk()
    const box = screen.getByLabelText('Experience IDs')
    fireEvent.change(box, { target: { value: '101, abc\n102' } })
    expect(screen.getByText('format is not valid')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('adds the ids split on spaces, new lines and commas', async () => {
    const onAdd = renderBulk()
    fireEvent.change(screen.getByLabelText('Experience IDs'), { target: { value: '101, 102\n103 104,101' } })
    expect(screen.queryByText('format is not valid')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith([101, 102, 103, 104]))
  })
})
