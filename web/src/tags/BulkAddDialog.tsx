import { Button, Group, Modal, Stack, Textarea } from '@mantine/core'
import { useState } from 'react'
import { parseBulk } from './add-rows.ts'
import { TAG_TEXT } from './texts.ts'

export interface BulkAddDialogProps {
  readonly opened: boolean
  readonly tagName: string
  readonly onClose: () => void
  /** Adds the ids; the dialog closes when it resolves, stays open when it throws. */
  readonly onAdd: (placeIds: number[]) => Promise<void>
}

/**
 * Bulk Add (part 2 §5): experience ids separated by whitespace, newlines or commas; any entry that is
 * not an id shows 'format is not valid' and disables Add.
 */
export function BulkAddDialog({ opened, tagName, onClose, onAdd }: BulkAddDialogProps) {
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const parsed = parseBulk(text)
  const close = () => {
    setText('')
    onClose()
  }
  return (
    <Modal opened={opened} onClose={close} title={`${TAG_TEXT.bulkAdd} to ${tagName}`} size="lg" centered>
      <form
        aria-label={TAG_TEXT.bulkAdd}
        onSubmit={async (event) => {
          event.preventDefault()
          if (!parsed.canAdd) return
          setBusy(true)
          try {
            await onAdd(parsed.ids)
            close()
          } finally {
            setBusy(false)
          }
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Experience IDs"
            description="Separated by spaces, new lines or commas"
            placeholder={'606849621, 920587237\n2753915549'}
            rows={5}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={parsed.invalid.length > 0 ? TAG_TEXT.formatNotValid : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!parsed.canAdd} loading={busy}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
