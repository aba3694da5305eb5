import { isDatabaseId, LIST_SEARCH_DEBOUNCE_MS, type SlimExperience } from '@ludex/schemas'
import { Combobox, Group, InputBase, Text, useCombobox } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { type ClipboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useExperienceLookup } from '../api/experience-lookup.ts'
import { fetchExperienceSuggestions, useExperienceSuggestions } from './experience-search.ts'
import { canSuggest, exactMatch, normalizeSearchText } from './match.ts'

export interface ExperiencePickerProps {
  readonly label: string
  readonly description?: string
  /** The chosen place id: a suggestion picked, or a numeric id typed or pasted (tracked or not). */
  readonly value: number | null
  readonly onChange: (placeId: number | null) => void
}

const count = new Intl.NumberFormat('en-US')

/**
 * Picks an experience (part 2 §5, the shared experience search): suggestions from 3 characters, 300 ms
 * after the last keystroke (the server's search: name, canonical name, place or universe id; up to 9),
 * a pasted game URL reduced to its id, and a typed numeric id taken as a place id even when it is not
 * tracked. One exact match is picked on blur.
 */
export function ExperiencePicker({ label, description, value, onChange }: ExperiencePickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const queryClient = useQueryClient()
  const [text, setText] = useState('')
  const [debounced] = useDebouncedValue(text, LIST_SEARCH_DEBOUNCE_MS)
  const { suggestions } = useExperienceSuggestions(debounced)
  // The experience picked from the suggestions, else the one a typed id names (its lookup).
  const [picked, setPicked] = useState<SlimExperience | null>(null)
  const valueIds = useMemo(() => (value === null ? [] : [value]), [value])
  const lookup = useExperienceLookup(valueIds)
  const chosen = value === null ? undefined : picked?.place_id === value ? picked : lookup.byId.get(value)
  // The box's text now, for a blur's search that answers after more typing.
  const latest = useRef(text)
  useEffect(() => {
    latest.current = text
  }, [text])

  const type = (next: string) => {
    setText(next)
    const id = normalizeSearchText(next)
    // A numeric id stands for itself: the deep link needs no tracked experience.
    onChange(isDatabaseId(id) ? Number(id) : null)
    combobox.openDropdown()
    combobox.updateSelectedOptionIndex()
  }

  const pick = (experience: SlimExperience) => {
    setPicked(experience)
    latest.current = experience.name
    setText(experience.name)
    onChange(experience.place_id)
    combobox.closeDropdown()
  }

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text')
    const reduced = normalizeSearchText(pasted)
    if (reduced === pasted) return
    event.preventDefault()
    type(reduced)
  }

  // One exact match (its name, or its place or universe id) is picked when the field is left.
  const onBlur = () => {
    combobox.closeDropdown()
    if (value !== null && chosen) return
    const left = text
    void fetchExperienceSuggestions(queryClient, left).then((found) => {
      const exact = exactMatch(found, left)
      if (exact && latest.current === left) pick(exact)
    })
  }

  const hint =
    value === null
      ? (description ?? 'Search by name (3 characters or more), or type a place id or paste a game link.')
      : chosen
        ? `Place ${value}: ${chosen.name}`
        : lookup.pending
          ? `Place ${value}`
          : `Place ${value} (not tracked by Ludex)`

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const experience = suggestions.find((e) => String(e.place_id) === id)
        if (experience) pick(experience)
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          description={hint}
          value={text}
          onChange={(e) => type(e.currentTarget.value)}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={onBlur}
          onPaste={onPaste}
          placeholder="Name, place id or game link"
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!canSuggest(debounced)}>
        <Combobox.Options aria-label="Suggestions">
          {suggestions.length === 0 ? (
            <Combobox.Empty>No experiences match</Combobox.Empty>
          ) : (
            suggestions.map((e) => (
              <Combobox.Option value={String(e.place_id)} key={e.place_id}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" lineClamp={1}>
                      {e.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Place {e.place_id}
                    </Text>
                  </div>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {count.format(e.players_online)} playing
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  )
}
