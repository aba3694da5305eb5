import { ActionIcon, Badge, Box, Button, Group, Menu } from '@mantine/core'
import {
  IconBell,
  IconChevronDown,
  IconLogin2,
  IconLogout,
  IconMasksTheater,
  IconSettings,
  IconUserCircle,
  IconUserPlus,
} from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { returnState } from '../account/return-to.ts'
import { signOut, simulateNextRole } from '../account/session-actions.ts'
import { MenuDropdown } from '../ui/MenuDropdown.tsx'
import { toast } from '../ui/toasts.ts'
import { displayName, useViewer, type Viewer } from './viewer.ts'

/**
 * The account menu (part 1 §2, top bar). Signed out: 'Sign Up for Free' and 'Sign In' (they remember
 * the page, so sign-in comes back to it). Signed in: the user's name with Settings, Alerts, Simulate Role (for
 * those allowed to simulate) and Sign Out.
 */
export function AccountMenu() {
  const viewer = useViewer()
  return viewer.kind === 'user' ? <UserMenu viewer={viewer} /> : <VisitorMenu />
}

function VisitorMenu() {
  const state = returnState(useLocation())
  return (
    <>
      <Group gap="xs" visibleFrom="sm" wrap="nowrap">
        <Button component={Link} to="/sign-in" state={state} variant="default">
          Sign In
        </Button>
        <Button component={Link} to="/sign-up" state={state}>
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
          <MenuDropdown>
            <Menu.Item
              component={Link}
              to="/sign-up"
              state={state}
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              Sign Up for Free
            </Menu.Item>
            <Menu.Item
              component={Link}
              to="/sign-in"
              state={state}
              leftSection={<IconLogin2 size={16} aria-hidden />}
            >
              Sign In
            </Menu.Item>
          </MenuDropdown>
        </Menu>
      </Box>
    </>
  )
}

function UserMenu({ viewer }: { viewer: Extract<Viewer, { kind: 'user' }> }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const { user } = viewer
  const name = displayName(user)

  const onSignOut = async () => {
    setBusy(true)
    try {
      await signOut(queryClient)
    } catch {
      // The session is forgotten here whatever the server said; a stale cookie expires on its own.
    } finally {
      setBusy(false)
      // Sign-out lands on the overview (part 1 §2).
      navigate('/overview')
    }
  }
  const onSimulate = async () => {
    setBusy(true)
    try {
      await simulateNextRole(queryClient)
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not simulate the next role')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <Button
          variant="default"
          px="xs"
          maw={240}
          leftSection={<IconUserCircle size={20} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Account menu: ${name}`}
          loading={busy}
        >
          <Box component="span" visibleFrom="sm" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {name}
          </Box>
        </Button>
      </Menu.Target>
      <MenuDropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} aria-hidden />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/alerts" leftSection={<IconBell size={16} aria-hidden />}>
          Alerts
        </Menu.Item>
        {user.can_simulate && (
          <Menu.Item
            leftSection={<IconMasksTheater size={16} aria-hidden />}
            rightSection={
              <Badge size="xs" variant={user.simulating ? 'filled' : 'light'}>
                {user.role}
              </Badge>
            }
            onClick={onSimulate}
          >
            Simulate Role
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          Sign Out
        </Menu.Item>
      </MenuDropdown>
    </Menu>
  )
}
