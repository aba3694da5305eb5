import { COMPARE_MAX_EXPERIENCES, type PlaceTag, type SlimExperience } from '@ludex/schemas'
import { Button, ColorSwatch, Group, Select, Stack } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useMemo } from 'react'
import { useExperienceLookup } from '../api/experience-lookup.ts'
import { type AddRow, rowPlaceId, rowsPlaceIds } from '../tags/add-rows.ts'
import { ExperienceSearchRow, experienceLabel } from '../tags/ExperienceSearchRow.tsx'
import { canAddPicker } from './selection.ts'
import { COMPARE_TEXT } from './texts.ts'

/** The draft row showing an experience (or its bare id when the list does not hold it). */
export function rowFor(
  placeId: number,
  byId: ReadonlyMap<number, Pick<SlimExperience, 'name' | 'place_id'>>,
): AddRow {
  const e = byId.get(placeId)
  return { text: e ? experienceLabel(e) : String(placeId), chosen: e ? placeId : null }
}

/** The place id a draft row names (a chosen suggestion, a typed id or a pasted game link). */
export const draftId = rowPlaceId

/** One experience picker: the shared search row, with the series colour and the repeat marked. */
function ExperiencePicker({
  index,
  row,
  color,
  duplicate,
  byId,
  onChange,
  onRemove,
}: {
  index: number
  row: AddRow
  color: string | undefined
  duplicate: boolean
  byId: ReadonlyMap<number, SlimExperience>
  onChange: (row: AddRow) => void
  onRemove: (() => void) | null
}) {
  return (
    <ExperienceSearchRow
      index={index}
      row={row}
      byId={byId}
      onChange={onChange}
      onRemove={onRemove}
      {...(duplicate && { error: 'Already in the comparison' })}
      {...(color && { leftSection: <ColorSwatch color={color} size={14} aria-hidden /> })}
    />
  )
}

/** The experience pickers of a compare page: up to 6 rows, the repeated ones marked. */
export function ExperiencePickers({
  rows,
  onChange,
  duplicates,
  colors,
}: {
  rows: readonly AddRow[]
  onChange: (rows: AddRow[]) => void
  duplicates: ReadonlySet<number>
  /** The swatch colour of each row's experience, as the charts draw it. */
  colors: readonly string[]
}) {
  // The experiences the rows name (picked or typed), to show each by name.
  const { byId } = useExperienceLookup(rowsPlaceIds(rows))
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
