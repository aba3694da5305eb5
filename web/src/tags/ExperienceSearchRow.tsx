import type { SlimExperience } from '@ludex/schemas'
import { ActionIcon, Autocomplete, Group } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { type ReactNode, useMemo } from 'react'
import { type AddRow, exactMatchOnBlur, rowSuggestions, rowTextOnInput } from './add-rows.ts'

/** How a suggestion and a chosen experience read in the box. */
export const experienceLabel = (e: SlimExperience): string => `${e.name} (${e.place_id})`

/**
 * One experience search row, shared by the add-experiences dialog and the compare pickers: suggestions
 * from 3 characters (at most 9, add-rows.ts), a pasted game link reduced to its id, a numeric id taken as
 * typed, one exact match taken on blur, and a remove button when the row may go.
 */
export function ExperienceSearchRow({
  index,
  row,
  experiences,
  byId,
  onChange,
  onRemove,
  description,
  error,
  leftSection,
}: {
  index: number
  row: AddRow
  experiences: readonly SlimExperience[]
  byId: ReadonlyMap<number, SlimExperience>
  onChange: (row: AddRow) => void
  onRemove: (() => void) | null
  description?: string
  error?: string
  leftSection?: ReactNode
}) {
  const suggestions = useMemo(() => rowSuggestions(experiences, row.text), [experiences, row.text])
  const byLabel = useMemo(() => new Map(suggestions.map((e) => [experienceLabel(e), e])), [suggestions])
  const chosen = row.chosen === null ? undefined : byId.get(row.chosen)
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
        data={suggestions.map(experienceLabel)}
        // The suggestions are already the matches (match.ts), in their order.
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
          const exact = exactMatchOnBlur(suggestions, row.text)
          if (exact) onChange({ text: experienceLabel(exact), chosen: exact.place_id })
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
