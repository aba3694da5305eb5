import { isDatabaseId, LIST_SEARCH_DEBOUNCE_MS, type SlimExperience } from '@ludex/schemas'
import { Combobox, Group, InputBase, Text, useCombobox } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { type ClipboardEvent, useMemo, useState } from 'react'
import { api } from '../api/queries.ts'
import { canSuggest, matchExperiences, normalizeSearchText } from './match.ts'

export interface ExperiencePickerProps {
  readonly label: string
  readonly description?: string
  /** The chosen place id: a suggestion picked, or a numeric id typed or pasted (tracked or not). */
  readonly value: number | null
  readonly onChange: (placeId: number | null) => void
}

const count = new Intl.NumberFormat('en-US')

/**
 * Picks an experience (part 2 §5, the shared experience search): suggestions from the slim list from
 * 3 characters (name, canonical name, place or universe id; up to 9), a pasted game URL reduced to its
 * id, and a typed numeric id taken as a place id even when it is not tracked. One exact match is
 * picked on blur.
 */
export function ExperiencePicker({ label, description, value, onChange }: ExperiencePickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  const { data: list } = useQuery(api.slimList())
  const [text, setText] = useState('')
  const [debounced] = useDebouncedValue(text, LIST_SEARCH_DEBOUNCE_MS)
  const suggestions = useMemo(() => matchExperiences(list ?? [], debounced), [list, debounced])
  const chosen = value === null ? undefined : list?.find((e) => e.place_id === value)

  const type = (next: string) => {
    setText(next)
    const id = normalizeSearchText(next)
    // A numeric id stands for itself: the deep link needs no tracked experience.
    onChange(isDatabaseId(id) ? Number(id) : null)
    combobox.openDropdown()
    combobox.updateSelectedOptionIndex()
  }

  const pick = (experience: SlimExperience) => {
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
    const needle = normalizeSearchText(text).toLowerCase()
    const exact = matchExperiences(list ?? [], text).filter(
      (e) =>
        e.name.toLowerCase() === needle ||
        e.canonical_name.toLowerCase() === needle ||
        String(e.place_id) === needle ||
        String(e.universe_id) === needle,
    )
    if (exact.length === 1) pick(exact[0]!)
  }

  const hint =
    value === null
      ? (description ?? 'Search by name (3 characters or more), or type a place id or paste a game link.')
      : chosen
        ? `Place ${value}: ${chosen.name}`
        : `Place ${value} (not tracked by Ludex)`

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const experience = list?.find((e) => String(e.place_id) === id)
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
