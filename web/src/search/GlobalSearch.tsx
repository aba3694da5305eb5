import { Group, Kbd, Text, UnstyledButton } from '@mantine/core'
import { useOs } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import classes from './GlobalSearch.module.css'
import { searchKeys } from './search-keys.ts'

const SearchSpotlight = lazy(() => import('./SearchSpotlight.tsx'))

/**
 * The global experience search (part 1 §2): a button in the top bar opens it, as do Ctrl/Cmd+K and
 * Ctrl/Cmd+F (the browser's find is replaced on purpose, also from inside inputs). The dialog itself
 * is loaded on first use. The shortcuts belong to the page's keystroke buffer (search-keys.ts), so a
 * shortcut pressed before hydration opens the search once the app is up, and what was typed meanwhile
 * reaches the box.
 */
export function GlobalSearch() {
  const os = useOs()
  const mod = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl'
  const [openSignal, setOpenSignal] = useState(0)
  const open = useCallback(() => setOpenSignal((n) => n + 1), [])

  useEffect(() => searchKeys(window).connect(open), [open])

  return (
    <>
      <UnstyledButton
        className={classes.trigger}
        onClick={open}
        aria-label="Search experiences"
        aria-keyshortcuts="Control+K Meta+K Control+F Meta+F"
        aria-haspopup="dialog"
      >
        <Group gap="xs" wrap="nowrap">
          <IconSearch size={16} aria-hidden />
          <Text size="sm" c="dimmed" visibleFrom="md" className={classes.placeholder}>
            Search experiences
          </Text>
          <Kbd size="xs" visibleFrom="md">
            {mod} K
          </Kbd>
        </Group>
      </UnstyledButton>
      {openSignal > 0 && (
        <Suspense fallback={null}>
          <SearchSpotlight openSignal={openSignal} />
        </Suspense>
      )}
    </>
  )
}
