import { ActionIcon, Menu } from '@mantine/core'
import { IconCopy, IconDotsVertical, IconExternalLink } from '@tabler/icons-react'
import { CompareWithItem } from '../../compare/CompareWithItem.tsx'
import { EXPERIENCE_ID_COPIED, robloxGameUrl, UNIVERSE_ID_COPIED } from '../../experience/links.ts'
import { copyToClipboard } from '../../ui/copy.ts'
import { MenuDropdown } from '../../ui/MenuDropdown.tsx'

/** The per-row actions: copy the two ids (with the spec's toasts), open the game on Roblox, compare it. */
export function RowMenu({
  placeId,
  universeId,
  name,
}: {
  placeId: number
  universeId: number
  name: string
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <MenuDropdown>
        <Menu.Item
          leftSection={<IconCopy size={16} />}
          onClick={() => void copyToClipboard(String(placeId), EXPERIENCE_ID_COPIED)}
        >
          Copy Experience ID
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCopy size={16} />}
          onClick={() => void copyToClipboard(String(universeId), UNIVERSE_ID_COPIED)}
        >
          Copy Universe ID
        </Menu.Item>
        <Menu.Item
          leftSection={<IconExternalLink size={16} />}
          component="a"
          href={robloxGameUrl(placeId)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open in Roblox
        </Menu.Item>
        <CompareWithItem placeId={placeId} />
      </MenuDropdown>
    </Menu>
  )
}
