import { COMPARE_MAX_EXPERIENCES, type PlaceTag, type SlimExperience } from '@ludex/schemas'
import { ActionIcon, Autocomplete, Button, ColorSwatch, Group, Select, Stack } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useMemo } from 'react'
import {
  type AddRow,
  exactMatchOnBlur,
  rowPlaceId,
  rowSuggestions,
  rowTextOnInput,
} from '../tags/add-rows.ts'
import { canAddPicker } from './selection.ts'
import { COMPARE_TEXT } from './texts.ts'

const label = (e: SlimExperience) => `${e.name} (${e.place_id})`

/** The draft row showing an experience (or its bare id when the list does not hold it). */
export function rowFor(placeId: number, byId: ReadonlyMap<number, SlimExperience>): AddRow {
  const e = byId.get(placeId)
  return { text: e ? label(e) : String(placeId), chosen: e ? placeId : null }
}

/** The place id a draft row names (a chosen suggestion, a typed id or a pasted game link). */
export const draftId = rowPlaceId

/**
 * One experience picker: the shared search (suggestions from 3 characters, at most 9, a pasted game
 * link reduced to its id, a numeric id taken as typed, one exact match taken on blur).
 */
function ExperiencePicker({
  index,
  row,
  color,
  duplicate,
  experiences,
  byId,
  onChange,
  onRemove,
}: {
  index: number
  row: AddRow
  color: string | undefined
  duplicate: boolean
  experiences: readonly SlimExperience[]
  byId: ReadonlyMap<number, SlimExperience>
  onChange: (row: AddRow) => void
  onRemove: (() => void) | null
}) {
  const suggestions = useMemo(() => rowSuggestions(experiences, row.text), [experiences, row.text])
  const byLabel = useMemo(() => new Map(suggestions.map((e) => [label(e), e])), [suggestions])
  const chosen = row.chosen === null ? undefined : byId.get(row.chosen)
  return (
    <Group align="flex-start" wrap="nowrap" gap="xs">
      <Autocomplete
        style={{ flex: 1 }}
        label={`Experience ${index + 1}`}
        placeholder="Experience name, id or game link"
        value={chosen ? label(chosen) : row.text}
        data={suggestions.map(label)}
        filter={({ options }) => options}
        limit={suggestions.length}
        error={duplicate ? 'Already in the comparison' : undefined}
        leftSection={color ? <ColorSwatch color={color} size={14} aria-hidden /> : undefined}
        onChange={(text) => {
          const picked = byLabel.get(text)
          onChange(picked ? { text, chosen: picked.place_id } : { text: rowTextOnInput(text), chosen: null })
        }}
        onOptionSubmit={(value) => {
          const e = byLabel.get(value)
          if (e) onChange({ text: label(e), chosen: e.place_id })
        }}
        onBlur={() => {
          if (row.chosen !== null) return
          const exact = exactMatchOnBlur(suggestions, row.text)
          if (exact) onChange({ text: label(exact), chosen: exact.place_id })
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

/** The experience pickers of a compare page: up to 6 rows, the repeated ones marked. */
export function ExperiencePickers({
  rows,
  onChange,
  experiences,
  duplicates,
  colors,
}: {
  rows: readonly AddRow[]
  onChange: (rows: AddRow[]) => void
  experiences: readonly SlimExperience[]
  duplicates: ReadonlySet<number>
  /** The swatch colour of each row's experience, as the charts draw it. */
  colors: readonly string[]
}) {
  const byId = useMemo(() => new Map(experiences.map((e) => [e.place_id, e])), [experiences])
  return (
    <Stack gap="xs">
      {rows.map((row, i) => (
        <ExperiencePicker
          // Rows are only appended or removed; the position names the row (Experience 1 …).
          // biome-ignore lint/suspicious/noArrayIndexKey: the row's position is its identity
          key={i}
          index={i}
          row={row}
          color={colors[i]}
          duplicate={duplicates.has(i)}
          experiences={experiences}
          byId={byId}
          onChange={(next) => onChange(rows.map((r, j) => (j === i ? next : r)))}
          onRemove={rows.length > 1 ? () => onChange(rows.filter((_, j) => j !== i)) : null}
        />
      ))}
      <Group>
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!canAddPicker(rows.length)}
          onClick={() => onChange([...rows, { text: '', chosen: null }])}
        >
          {COMPARE_TEXT.addExperience}
        </Button>
        <span>
          {rows.length} of {COMPARE_MAX_EXPERIENCES}
        </span>
      </Group>
    </Stack>
  )
}

/** A tag picker: the tags the viewer may see (curated and their own), searchable by name. */
export function TagPicker({
  label: fieldLabel,
  tags,
  value,
  onChange,
  error,
}: {
  label: string
  tags: readonly PlaceTag[]
  value: number | null
  onChange: (tagId: number | null) => void
  error?: string | undefined
}) {
  const data = useMemo(
    () =>
      [...tags]
        .sort((a, b) => Number(b.global) - Number(a.global) || a.name.localeCompare(b.name))
        .map((t) => ({ value: String(t.id), label: t.name })),
    [tags],
  )
  return (
    <Select
      label={fieldLabel}
      placeholder="Pick a tag"
      searchable
      clearable
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      error={error}
      nothingFoundMessage="No tags"
      comboboxProps={{ withinPortal: true }}
    />
  )
}
