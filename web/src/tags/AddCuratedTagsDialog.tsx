import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { ApiRequestError } from '../api/client.ts'
import { api } from '../api/queries.ts'
import { toast } from '../ui/toasts.ts'
import { addToTag } from './tag-calls.ts'

/**
 * The experience page's 'add curated tags' (part 1 §2, part 2 §5; EDIT_PLACE): only curated (global)
 * tags that do not hold the experience yet are offered; Add is disabled until a tag is chosen.
 */
export function AddCuratedTagsDialog({
  opened,
  placeId,
  name,
  onClose,
}: {
  opened: boolean
  placeId: number
  name: string
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const tags = useQuery(api.tags())
  const [chosen, setChosen] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const options = useMemo(
    () =>
      (tags.data ?? [])
        .filter((t) => t.global && !t.place_ids.includes(placeId))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((t) => ({ value: String(t.id), label: t.name })),
    [tags.data, placeId],
  )
  const close = () => {
    setChosen([])
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title="Add Curated Tags" centered>
      <form
        aria-label="Add curated tags"
        onSubmit={async (event) => {
          event.preventDefault()
          if (chosen.length === 0) return
          setBusy(true)
          try {
            for (const id of chosen) await addToTag(queryClient, Number(id), [placeId])
            const names = options.filter((o) => chosen.includes(o.value)).map((o) => o.label)
            toast.success(`Added ${name} to ${names.join(', ')}`)
            close()
          } catch (err) {
            toast.error(err instanceof ApiRequestError ? err.message : 'Could not add the curated tags')
          } finally {
            setBusy(false)
          }
        }}
      >
        <Stack gap="sm">
          {options.length === 0 && !tags.isPending ? (
            <Text size="sm" c="dimmed">
              No curated tag left to add: {name} is in every one.
            </Text>
          ) : (
            <MultiSelect
              label="Curated tags"
              placeholder="Choose tags"
              data={options}
              value={chosen}
              onChange={setChosen}
              searchable
              nothingFoundMessage="No tags"
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={chosen.length === 0} loading={busy}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
