import { ActionIcon, Badge, Box, Collapse, NavLink, ScrollArea, Stack, UnstyledButton } from '@mantine/core'
import { useLocalStorage } from '@mantine/hooks'
import {
  IconChevronRight,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLock,
} from '@tabler/icons-react'
import { NavLink as RouterNavLink, useLocation } from 'react-router'
import { usePreference } from '../account/preferences.ts'
import { openSignUpPromo } from '../ui/promo.tsx'
import { Tooltip } from '../ui/Tooltip.tsx'
import { NAV_GROUPS, NAV_ITEMS, type NavGroup, type NavItem } from './nav-items.ts'
import classes from './Sidebar.module.css'
import { canUseTools, hasPermission, useViewer, type Viewer } from './viewer.ts'

/** Sidebar widths (part 2 §9 styling: sidebar 290 px, nav 70 px). */
export const SIDEBAR_FULL_WIDTH = 290
export const SIDEBAR_MINIMAL_WIDTH = 70

export type SidebarMode = 'full' | 'minimal'

export function useSidebarMode() {
  return useLocalStorage<SidebarMode>({ key: 'ludex-sidebar-mode', defaultValue: 'full' })
}

/**
 * The navigation list. `minimal` shows icons only (labels as tooltips and accessible names);
 * `onNavigate` closes the mobile drawer after a choice.
 */
export function SidebarNav({ minimal, onNavigate }: { minimal: boolean; onNavigate?: () => void }) {
  const viewer = useViewer()
  const groups = visibleGroups(viewer)
  return (
    <ScrollArea type="never" className={classes.scroll}>
      <Stack component="ul" gap={2} className={classes.list} aria-label="Pages">
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <Item item={item} minimal={minimal} onNavigate={onNavigate} />
          </li>
        ))}
        {groups.map((group) => (
          <li key={group.id}>
            <Group group={group} minimal={minimal} onNavigate={onNavigate} />
          </li>
        ))}
      </Stack>
    </ScrollArea>
  )
}

/**
 * The groups this viewer sees: the Tools group only for editors and admins, and within it only the
 * items whose permission the viewer holds (part 1 §2).
 */
export function visibleGroups(viewer: Viewer): NavGroup[] {
  return NAV_GROUPS.filter((g) => !g.staffOnly || canUseTools(viewer))
    .map((g) => ({
      ...g,
      items: g.items.filter((i) => !i.permission || hasPermission(viewer, i.permission)),
    }))
    .filter((g) => g.items.length > 0)
}

function Group({
  group,
  minimal,
  onNavigate,
}: {
  group: NavGroup
  minimal: boolean
  onNavigate?: () => void
}) {
  // Each group remembers whether it is open (part 1 §2): per user when signed in.
  const [open, setOpen] = usePreference('groups', group.id, true)
  const panelId = `nav-group-${group.id}`
  const Icon = group.icon
  const list = (
    <Stack component="ul" gap={2} className={classes.list} id={panelId} aria-label={group.label}>
      {group.items.map((item) => (
        <li key={item.to}>
          <Item item={item} minimal={minimal} nested={!minimal} onNavigate={onNavigate} />
        </li>
      ))}
    </Stack>
  )
  if (minimal) {
    // Icons only: the group heading becomes a thin rule so the items stay one click away.
    return (
      <Box className={classes.minimalGroup} role="group" aria-label={group.label}>
        {list}
      </Box>
    )
  }
  return (
    <>
      <UnstyledButton
        className={classes.groupButton}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
      >
        <Icon size={20} stroke={1.6} aria-hidden />
        <span className={classes.groupLabel}>{group.label}</span>
        <IconChevronRight
          size={16}
          aria-hidden
          className={classes.chevron}
          style={{ transform: open ? 'rotate(90deg)' : undefined }}
        />
      </UnstyledButton>
      <Collapse expanded={open}>{list}</Collapse>
    </>
  )
}

function Item({
  item,
  minimal,
  nested = false,
  onNavigate,
}: {
  item: NavItem
  minimal: boolean
  nested?: boolean
  onNavigate?: () => void
}) {
  const viewer = useViewer()
  const { pathname } = useLocation()
  const Icon = item.icon
  const locked = item.locked === true && viewer.kind === 'visitor'
  const label = item.ariaLabel ?? item.label
  const active =
    pathname === item.to ||
    pathname.startsWith(`${item.to}/`) ||
    (item.activePrefix !== undefined && pathname.startsWith(item.activePrefix))
  const rightSection = locked ? (
    <IconLock size={14} aria-hidden className={classes.lock} />
  ) : item.internal ? (
    <Tooltip label="Internal Only">
      <Badge size="xs" variant="light">
        Internal
      </Badge>
    </Tooltip>
  ) : undefined
  const common = {
    label: minimal ? undefined : item.label,
    leftSection: (
      <Box pos="relative" display="flex">
        <Icon size={20} stroke={1.6} aria-hidden />
        {minimal && locked && <IconLock size={11} aria-hidden className={classes.minimalLock} />}
      </Box>
    ),
    rightSection: minimal ? undefined : rightSection,
    className: minimal ? classes.minimalItem : nested ? classes.nestedItem : classes.item,
  }
  const link = locked ? (
    <NavLink
      {...common}
      component="button"
      aria-label={`${label} (sign up to unlock)`}
      onClick={() => {
        onNavigate?.()
        openSignUpPromo()
      }}
    />
  ) : (
    <NavLink
      {...common}
      component={RouterNavLink}
      to={item.to}
      active={active}
      aria-label={minimal || item.ariaLabel ? label : undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  )
  return minimal ? (
    <Tooltip label={locked ? `${label} (sign up to unlock)` : label} position="right">
      {link}
    </Tooltip>
  ) : (
    link
  )
}

/** The button that switches between full and minimal mode (desktop only). */
export function SidebarModeToggle({ mode, onToggle }: { mode: SidebarMode; onToggle: () => void }) {
  const label = mode === 'full' ? 'Collapse sidebar' : 'Expand sidebar'
  return (
    <Tooltip label={label} position="right">
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={onToggle} aria-label={label}>
        {mode === 'full' ? (
          <IconLayoutSidebarLeftCollapse size={20} />
        ) : (
          <IconLayoutSidebarLeftExpand size={20} />
        )}
      </ActionIcon>
    </Tooltip>
  )
}
