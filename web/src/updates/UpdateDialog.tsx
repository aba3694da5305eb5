import { Button, Group, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { type PendingUpdate, UPDATE_TEXT, updateMessage } from './update-store.ts'

/**
 * The 'Update' confirm dialog (part 2 §4). A click outside does not close it; Escape and its close
 * button do (the new version then takes over when every tab of the app has closed).
 */
export function UpdateDialog({ update }: { update: PendingUpdate }) {
  const [opened, setOpened] = useState(true)
  const [reloading, setReloading] = useState(false)
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      title={UPDATE_TEXT.title}
      closeOnClickOutside={false}
      centered
    >
      <Text>{updateMessage(update.readyAtMs)}</Text>
      <Group justify="flex-end" mt="md">
        <Button
          loading={reloading}
          data-autofocus
          onClick={() => {
            setReloading(true)
            update.apply()
          }}
        >
          {UPDATE_TEXT.button}
        </Button>
      </Group>
    </Modal>
  )
}
