import { SEARCH_MIN_CHARS, type SlimExperience, TAG_ADD_DIALOG_ROWS } from '@ludex/schemas'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useExperienceLookup } from '../api/experience-lookup.ts'
import { type AddRow, canAddRow, EMPTY_ROW, initialRows, rowPlaceId, rowsPlaceIds } from './add-rows.ts'
import { ExperienceSearchRow } from './ExperienceSearchRow.tsx'

export interface AddExperiencesDialogProps {
  readonly opened: boolean
  readonly tagName: string
  readonly onClose: () => void
  /** Adds the ids; the dialog closes when it resolves, stays open (busy ends) when it throws. */
  readonly onAdd: (placeIds: number[]) => Promise<void>
}

/** One row: an experience search, or a typed numeric id (part 2 §5), with what it will add. */
function ExperienceRow({
  index,
  row,
  byId,
  pending,
  onChange,
  onRemove,
}: {
  index: number
  row: AddRow
  byId: ReadonlyMap<number, SlimExperience>
  /** The rows' experiences are still being looked up (a typed id is not known to be untracked yet). */
  pending: boolean
  onChange: (row: AddRow) => void
  onRemove: (() => void) | null
}) {
  const chosen = row.chosen === null ? undefined : byId.get(row.chosen)
  const id = rowPlaceId(row)
  const typedId = row.chosen === null && id !== null
  const hint = chosen
    ? `Adds ${chosen.name}`
    : typedId
      ? byId.has(id)
        ? `Adds ${byId.get(id)?.name ?? id}`
        : pending
          ? `Adds experience ${id}`
          : `Experience ${id} is not tracked yet: it is tracked from now on`
      : `Name or experience id, suggestions from ${SEARCH_MIN_CHARS} characters`
  return (
    <ExperienceSearchRow
      index={index}
      row={row}
      byId={byId}
      onChange={onChange}
      onRemove={onRemove}
      description={hint}
    />
  )
}

/** The add-experiences dialog (part 2 §5): up to 5 rows; invalid ids are dropped. */
export function AddExperiencesDialog({ opened, tagName, onClose, onAdd }: AddExperiencesDialogProps) {
  const [rows, setRows] = useState<AddRow[]>(initialRows)
  const [busy, setBusy] = useState(false)
  const ids = rowsPlaceIds(rows)
  // The experiences the rows name (picked or typed), to say what each adds.
  const { byId, pending } = useExperienceLookup(ids)
  const close = () => {
    setRows(initialRows())
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title={`Add Experiences to ${tagName}`} size="lg" centered>
      <form
        aria-label="Add experiences"
        onSubmit={async (event) => {
          event.preventDefault()
          if (ids.length === 0) return
          setBusy(true)
          try {
            await onAdd(ids)
            close()
          } finally {
            setBusy(false)
          }
        }}
      >
        <Stack gap="sm">
          {rows.map((row, i) => (
            <ExperienceRow
              // Rows are only appended or removed; the index names the row (Experience 1 …).
              // biome-ignore lint/suspicious/noArrayIndexKey: the row's position is its identity
              key={i}
              index={i}
              row={row}
              byId={byId}
              pending={pending}
              onChange={(next) => setRows((all) => all.map((r, j) => (j === i ? next : r)))}
              onRemove={rows.length > 1 ? () => setRows((all) => all.filter((_, j) => j !== i)) : null}
            />
          ))}
          <Group justify="space-between">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={!canAddRow(rows)}
              onClick={() => setRows((all) => (canAddRow(all) ? [...all, EMPTY_ROW] : all))}
            >
              Add Row
            </Button>
            <Text size="xs" c="dimmed">
              {rows.length} of {TAG_ADD_DIALOG_ROWS} rows
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={ids.length === 0} loading={busy}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
