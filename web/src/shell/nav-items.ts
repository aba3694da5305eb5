import { CHART_CATEGORIES, type Permission } from '@ludex/schemas'
import {
  IconArrowsLeftRight,
  IconBooks,
  IconCalendarStar,
  IconCategory,
  IconDeviceGamepad2,
  IconGitCompare,
  IconHome,
  IconKey,
  IconLink,
  IconPigMoney,
  IconTags,
  IconTool,
  IconTrophy,
  IconUserCog,
  IconUsersGroup,
  IconVersions,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'

export type NavIcon = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>

export type NavItem = {
  label: string
  /** The accessible name when the label alone is ambiguous (the Compare group repeats 'Experiences'). */
  ariaLabel?: string
  to: string
  /** The paths the item is current on, when more than `to` and the paths under it. */
  activePrefix?: string
  icon: NavIcon
  /** Signed-in only: visitors see a lock and get the sign-up promo. */
  locked?: boolean
  /** Carries the 'Internal Only' tooltip badge. */
  internal?: boolean
  /** Shown only to viewers holding this permission. */
  permission?: Permission
}

export type NavGroup = {
  id: 'compare' | 'tools'
  label: string
  icon: NavIcon
  items: NavItem[]
  /** Only editors and admins see the group. */
  staffOnly?: boolean
}

/** The sidebar (part 1 §2, part 2 §2.1): pages first, then the Compare and Tools groups. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Overview', to: '/overview', icon: IconHome },
  { label: 'Experiences', to: '/experiences', icon: IconDeviceGamepad2 },
  { label: 'Tags', to: '/tags', icon: IconTags },
  { label: 'Genres', to: '/genres', icon: IconCategory },
  { label: 'Creators', to: '/creators', icon: IconUsersGroup },
  { label: 'Daily Picks', to: '/daily-picks', icon: IconCalendarStar },
  // The first chart category (Most Popular); any ranking page marks the item current.
  {
    label: 'Rankings',
    to: `/rankings/${CHART_CATEGORIES[0]!.id}`,
    activePrefix: '/rankings/',
    icon: IconTrophy,
  },
]

export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'compare',
    label: 'Compare',
    icon: IconGitCompare,
    items: [
      {
        label: 'Experiences',
        ariaLabel: 'Compare Experiences',
        to: '/compare/experiences',
        icon: IconVersions,
        locked: true,
      },
      { label: 'Tags', ariaLabel: 'Compare Tags', to: '/compare/tags', icon: IconTags, locked: true },
      {
        label: 'Experience vs Tag',
        ariaLabel: 'Compare Experience vs Tag',
        to: '/compare/experience-tag',
        icon: IconArrowsLeftRight,
        locked: true,
      },
    ],
  },
  {
    id: 'tools',
    label: 'Tools',
    icon: IconTool,
    staffOnly: true,
    items: [
      { label: 'Robux Converter', to: '/robux', icon: IconPigMoney, internal: true },
      { label: 'Roblox-style Deep Link', to: '/deep-link', icon: IconLink, internal: true },
      {
        label: 'Event Credentials',
        to: '/event-credentials',
        icon: IconKey,
        internal: true,
        permission: 'EDIT_GAME_CREDENTIALS',
      },
      {
        label: 'Code Library',
        to: '/code-library',
        icon: IconBooks,
        internal: true,
        permission: 'VIEW_CODE_LIBRARY',
      },
      { label: 'User Management', to: '/users', icon: IconUserCog, internal: true, permission: 'LIST_USERS' },
    ],
  },
]
