import { LIST_SEARCH_DEBOUNCE_MS, type SlimExperience } from '@ludex/schemas'
import { ActionIcon, Autocomplete, Group } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconTrash } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useMemo, useRef } from 'react'
import { fetchExperienceSuggestions, useExperienceSuggestions } from '../search/experience-search.ts'
import { exactMatch } from '../search/match.ts'
import { type AddRow, rowTextOnInput } from './add-rows.ts'

/** How a suggestion and a chosen experience read in the box. */
export const experienceLabel = (e: Pick<SlimExperience, 'name' | 'place_id'>): string =>
  `${e.name} (${e.place_id})`

/**
 * One experience search row, shared by the add-experiences dialog and the compare pickers: suggestions
 * from 3 characters, 300 ms after the last keystroke (the server's search, at most 9), a pasted game
 * link reduced to its id, a numeric id taken as typed, one exact match taken on blur, and a remove
 * button when the row may go. `byId` names the experiences the rows hold (their lookups).
 */
export function ExperienceSearchRow({
  index,
  row,
  byId,
  onChange,
  onRemove,
  description,
  error,
  leftSection,
}: {
  index: number
  row: AddRow
  byId: ReadonlyMap<number, SlimExperience>
  onChange: (row: AddRow) => void
  onRemove: (() => void) | null
  description?: string
  error?: string
  leftSection?: ReactNode
}) {
  const queryClient = useQueryClient()
  const [settled] = useDebouncedValue(row.chosen === null ? row.text : '', LIST_SEARCH_DEBOUNCE_MS)
  const { suggestions } = useExperienceSuggestions(settled)
  const byLabel = useMemo(() => new Map(suggestions.map((e) => [experienceLabel(e), e])), [suggestions])
  const chosen = row.chosen === null ? undefined : byId.get(row.chosen)
  // The row as it is now, for a blur's search that answers after more typing.
  const latest = useRef(row)
  useEffect(() => {
    latest.current = row
  }, [row])
  return (
    <Group align="flex-start" wrap="nowrap" gap="xs">
      <Autocomplete
        style={{ flex: 1 }}
        label={`Experience ${index + 1}`}
        placeholder="Experience name, id or game link"
        description={description}
        error={error}
        leftSection={leftSection}
        value={chosen ? experienceLabel(chosen) : row.text}
        data={[...byLabel.keys()]}
        // The suggestions are the server's matches already, in its order.
        filter={({ options }) => options}
        limit={suggestions.length}
        onChange={(text) => {
          // Picking a suggestion sets the box to its label too (before or after onOptionSubmit).
          const picked = byLabel.get(text)
          onChange(picked ? { text, chosen: picked.place_id } : { text: rowTextOnInput(text), chosen: null })
        }}
        onOptionSubmit={(value) => {
          const e = byLabel.get(value)
          if (e) onChange({ text: experienceLabel(e), chosen: e.place_id })
        }}
        onBlur={() => {
          if (row.chosen !== null) return
          const text = row.text
          void fetchExperienceSuggestions(queryClient, text).then((found) => {
            const exact = exactMatch(found, text)
            // Only while the row still holds the text that was left.
            if (exact && latest.current.chosen === null && latest.current.text === text) {
              onChange({ text: experienceLabel(exact), chosen: exact.place_id })
            }
          })
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {onRemove && (
        <ActionIcon
          variant="subtle"
          color="gray"
          mt={26}
          aria-label={`Remove experience ${index + 1}`}
          onClick={onRemove}
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  )
}
