import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core'
import { IconLock, IconPlus } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiRequestError } from '../api/client.ts'
import { useViewer } from '../shell/viewer.ts'
import { openSignUpPromo } from '../ui/promo.tsx'
import { toast } from '../ui/toasts.ts'
import { canCreateCurated } from './tag-access.ts'
import { createTag } from './tag-calls.ts'
import { TAG_TEXT } from './texts.ts'

/**
 * New Tag (part 2 §2.3, §5): for visitors a lock and the sign-up prompt; for users a dialog whose Create
 * is disabled while the name is empty, with 'Curated Tag' for editors (EDIT_TAG). The new tag opens.
 */
export function NewTagButton() {
  const viewer = useViewer()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  const [name, setName] = useState('')
  const [curated, setCurated] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (viewer.kind === 'visitor') {
    return (
      <Button
        leftSection={<IconLock size={16} aria-hidden />}
        onClick={openSignUpPromo}
        aria-label={`${TAG_TEXT.newTag} (sign up to unlock)`}
      >
        {TAG_TEXT.newTag}
      </Button>
    )
  }
  const close = () => {
    setOpened(false)
    setName('')
    setCurated(false)
    setError(null)
  }
  return (
    <>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {TAG_TEXT.newTag}
      </Button>
      <Modal opened={opened} onClose={close} title={TAG_TEXT.newTag} centered>
        <form
          aria-label={TAG_TEXT.newTag}
          onSubmit={async (event) => {
            event.preventDefault()
            if (name.trim() === '') return
            setBusy(true)
            try {
              const tag = await createTag(queryClient, { name: name.trim(), global: curated })
              close()
              navigate(`/tags/${tag.id}`)
            } catch (err) {
              // A taken name (409) or a refused one (400) is said at the field; anything else as a toast.
              if (err instanceof ApiRequestError && (err.status === 409 || err.status === 400))
                setError(err.message)
              else toast.error('Could not create the tag')
            } finally {
              setBusy(false)
            }
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Name"
              placeholder="Tag name"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value)
                setError(null)
              }}
              error={error}
              data-autofocus
            />
            {canCreateCurated(viewer) && (
              <Checkbox
                label={TAG_TEXT.curatedTag}
                description="Visible to everyone, editable by all editors"
                checked={curated}
                onChange={(e) => setCurated(e.currentTarget.checked)}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={name.trim() === ''} loading={busy}>
                Create
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  )
}
