import { ActionIcon, Box, Button, Group, Menu } from '@mantine/core'
import { IconLogin2, IconUserCircle, IconUserPlus } from '@tabler/icons-react'
import { Link } from 'react-router'
import { useViewer } from './viewer.ts'

/** The account menu; a visitor gets 'Sign Up for Free' and 'Sign In' (part 1 §2, top bar). */
export function AccountMenu() {
  const viewer = useViewer()
  if (viewer.kind !== 'visitor') return null
  return (
    <>
      <Group gap="xs" visibleFrom="sm" wrap="nowrap">
        <Button component={Link} to="/sign-in" variant="default">
          Sign In
        </Button>
        <Button component={Link} to="/sign-up">
          Sign Up for Free
        </Button>
      </Group>
      <Box hiddenFrom="sm">
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="default" size={34} aria-label="Account">
              <IconUserCircle size={20} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to="/sign-up" leftSection={<IconUserPlus size={16} aria-hidden />}>
              Sign Up for Free
            </Menu.Item>
            <Menu.Item component={Link} to="/sign-in" leftSection={<IconLogin2 size={16} aria-hidden />}>
              Sign In
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Box>
    </>
  )
}
