import type { Experience, GameCredential } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CreateCredentialForm } from './CreateCredentialForm.tsx'

const PLACE_ID = 4242
const EXPERIENCE: Experience = {
  universe_id: 42,
  place_id: PLACE_ID,
  name: 'Frozen Battlegrounds',
  updated: '2026-11-18T00:00:00.000Z',
  created: '2020-01-01T00:00:00.000Z',
  released: '2020-01-01T00:00:00.000Z',
  canonical_name: 'Frozen Battlegrounds',
  thumbnails: { icon: null, banner: null },
  players_online: 10,
  total_visits: 100,
  like_percentage: 0.9,
  age_limit: null,
  play_status: 0,
  restricted_since: null,
  creator_id: 1,
  genre_l1: 'obby',
  genre_l2: 'Classic Obby',
  genre: 'obby',
  daily_pick_dates: [],
  price: 0,
  average_playtime: 0,
  favorites: 0,
  rank: 1,
  tags: [],
}
const CREDENTIALS: GameCredential[] = [
  {
    game_key: 'a'.repeat(32),
    secret_key: 'b'.repeat(43),
    place_id: 1,
    comment: 'Taken Name',
    disabled: false,
  },
]

/** The experience lookup (GET /api/place/{id}) answers when the test opens this gate. */
let answerLookup: () => void

beforeEach(() => {
  const gate = new Promise<void>((resolve) => {
    answerLookup = resolve
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const { pathname } = new URL(input, 'http://ludex.test')
      const lookup = pathname === `/api/place/${PLACE_ID}`
      if (lookup) await gate
      const body = lookup ? EXPERIENCE : []
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <CreateCredentialForm credentials={CREDENTIALS} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return {
    experience: screen.getByRole('combobox', { name: 'Experience' }) as HTMLInputElement,
    name: screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement,
  }
}

/**
 * A browser automation's fill: focus and select all in one go, then (a round trip later) the text typed
 * in place of whatever is selected then.
 */
async function fill(input: HTMLInputElement, text: string) {
  input.focus()
  input.select()
  await new Promise((resolve) => setTimeout(resolve, 0))
  const { selectionStart, selectionEnd, value } = input
  fireEvent.change(input, {
    target: { value: value.slice(0, selectionStart ?? 0) + text + value.slice(selectionEnd ?? value.length) },
  })
}

/**
 * Resolves as soon as the text is in the document: in the microtask after React's commit drew it, before
 * the effects of that commit (they run in a later task). Testing Library's findBy* waits a task more.
 */
function drawn(text: string): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.body.textContent?.includes(text)) return
      observer.disconnect()
      resolve()
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

describe('CreateCredentialForm: the name prefilled from the experience', () => {
  it("prefills the experience's name when the lookup answers while the field is left alone", async () => {
    const { experience, name } = renderForm()
    fireEvent.change(experience, { target: { value: String(PLACE_ID) } })
    await screen.findByText(`Looking up place ${PLACE_ID}…`)
    await act(async () => answerLookup())
    await screen.findByText(`Frozen Battlegrounds (place ${PLACE_ID})`)
    expect(name.value).toBe('Frozen Battlegrounds')
  })

  it('keeps what the user types when the lookup answers as the field takes focus, never joined to it', async () => {
    const { experience, name } = renderForm()
    fireEvent.change(experience, { target: { value: String(PLACE_ID) } })
    await screen.findByText(`Looking up place ${PLACE_ID}…`)
    // The answer is drawn, its effects not yet run, when the field takes focus and its text is selected.
    const answered = drawn(`Frozen Battlegrounds (place ${PLACE_ID})`)
    answerLookup()
    await answered
    await fill(name, 'taken name')
    await screen.findByText('name already in use')
    expect(name.value).toBe('taken name')
  })

  it('keeps the field as the user saw it while it has focus, and prefills once they leave it untouched', async () => {
    const { experience, name } = renderForm()
    fireEvent.change(experience, { target: { value: String(PLACE_ID) } })
    await screen.findByText(`Looking up place ${PLACE_ID}…`)
    act(() => name.focus())
    await act(async () => answerLookup())
    await screen.findByText(`Frozen Battlegrounds (place ${PLACE_ID})`)
    expect(name.value).toBe('')
    act(() => name.blur())
    expect(name.value).toBe('Frozen Battlegrounds')
  })
})
