import { GLOBAL_SEARCH_DEBOUNCE_MS } from '@ludex/schemas'
import { Group, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { createSpotlight, Spotlight } from '@mantine/spotlight'
import '@mantine/spotlight/styles.css'
import { IconArrowRight, IconSearch } from '@tabler/icons-react'
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useExperienceSuggestions } from './experience-search.ts'
import { canSuggest, normalizeSearchText, seeAllPath } from './match.ts'
import { SEARCH_KEYS, searchKeys } from './search-keys.ts'

/** The search has its own store so Enter can tell whether a suggestion is highlighted. */
const [searchStore, searchActions] = createSpotlight()

const count = new Intl.NumberFormat('en-US')

/**
 * The search dialog, loaded on first use so it stays out of the start-up JavaScript. Each change of
 * `openSignal` (above 0) opens it. Suggestions follow the typed text after a 500 ms pause (the server's
 * search: up to 9, exact ids first, then names starting with the text, then containing it). When its box
 * takes focus, it takes what was typed since the shortcut (search-keys.ts), Enter included.
 */
export default function SearchSpotlight({ openSignal }: { openSignal: number }) {
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const [debounced] = useDebouncedValue(query, GLOBAL_SEARCH_DEBOUNCE_MS)
  // Asked of the server once the text has rested (issue 19 point 4: no list of every experience here).
  const { suggestions, settled } = useExperienceSuggestions(debounced)
  const seeAll = seeAllPath(query)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (openSignal === 0) return
    searchActions.open()
    // Already open with the focus elsewhere in it: the box takes it back (and what was typed since).
    // A dialog that is opening focuses its box itself once drawn.
    input.current?.focus()
  }, [openSignal])

  const go = (to: string) => {
    searchActions.close()
    setQuery('')
    navigate(to)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const enter = event.key === 'Enter' && !event.nativeEvent.isComposing
    // Enter with no suggestion highlighted goes to the list; with one, Spotlight clicks it.
    if (enter && searchStore.getState().selected === -1 && seeAll) {
      event.preventDefault()
      go(seeAll)
    }
  }

  // Focus events are discrete: the text is in the box before the next keystroke reaches it.
  const onFocus = () => {
    const typed = searchKeys(window).take()
    if (!typed) return
    setQuery(typed.text)
    const to = typed.enter ? seeAllPath(typed.text) : null
    if (to) go(to)
  }

  // A pasted game link is reduced to its id at once (typed text is matched the same way anyway).
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text')
    const reduced = normalizeSearchText(pasted)
    if (reduced === pasted) return
    event.preventDefault()
    const input = event.currentTarget
    const start = input.selectionStart ?? input.value.length
    const end = input.selectionEnd ?? input.value.length
    setQuery(`${input.value.slice(0, start)}${reduced}${input.value.slice(end)}`)
  }

  return (
    <Spotlight.Root
      store={searchStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      scrollable
      maxHeight={480}
      onSpotlightClose={() => setQuery('')}
    >
      <Spotlight.Search
        placeholder="Search by name, place id, universe id or game link"
        aria-label="Search experiences by name, place id, universe id or game link"
        leftSection={<IconSearch stroke={1.5} aria-hidden />}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onFocus={onFocus}
        ref={input}
        {...{ [SEARCH_KEYS.inputAttribute]: '' }}
      />
      <Spotlight.ActionsList aria-label="Suggestions">
        {suggestions.map((e) => (
          <Spotlight.Action key={e.place_id} onClick={() => go(`/experiences/${e.place_id}`)}>
            <Group justify="space-between" wrap="nowrap" w="100%">
              <div>
                <Text size="sm" fw={500} lineClamp={1}>
                  {e.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {e.canonical_name !== e.name && `${e.canonical_name} · `}Place {e.place_id} · Universe{' '}
                  {e.universe_id}
                </Text>
              </div>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {count.format(e.players_online)} playing
              </Text>
            </Group>
          </Spotlight.Action>
        ))}
        {seeAll && (
          <Spotlight.Action onClick={() => go(seeAll)}>
            <Group gap="xs" wrap="nowrap">
              <IconArrowRight size={16} aria-hidden />
              <Text size="sm">See all results for “{normalizeSearchText(query)}”</Text>
            </Group>
          </Spotlight.Action>
        )}
        {canSuggest(debounced) && settled && suggestions.length === 0 && (
          <Spotlight.Empty>No experiences match</Spotlight.Empty>
        )}
        {!canSuggest(query) && <Spotlight.Empty>Type at least 3 characters</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  )
}
