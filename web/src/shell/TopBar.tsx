import { Anchor, Breadcrumbs, Burger, Group, Text } from '@mantine/core'
import { Link, useMatches } from 'react-router'
import { GlobalSearch } from '../search/GlobalSearch.tsx'
import { AccountMenu } from './AccountMenu.tsx'
import { usePageTitle } from './page-meta.ts'
import { breadcrumbTrail } from './route-handle.ts'
import { ThemeToggle } from './ThemeToggle.tsx'
import classes from './TopBar.module.css'

/** Breadcrumbs and page title, search, theme toggle and the account menu. */
export function TopBar({ drawerOpen, onBurger }: { drawerOpen: boolean; onBurger: () => void }) {
  const matches = useMatches()
  const title = usePageTitle()
  const trail = breadcrumbTrail(
    matches.map((m) => m.handle),
    title,
  )
  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={drawerOpen}
          onClick={onBurger}
          hiddenFrom="sm"
          size="sm"
          aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
        />
        <Anchor component={Link} to="/overview" className={classes.logo} aria-label="Ludex overview">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text span fw={800} fz="lg" visibleFrom="xs">
            Ludex
          </Text>
        </Anchor>
        <div className={classes.titleBlock}>
          {trail.length > 1 && (
            <nav aria-label="Breadcrumb">
              <Breadcrumbs separatorMargin={4} classNames={{ root: classes.crumbs }}>
                {trail.slice(0, -1).map((c) =>
                  c.to ? (
                    <Anchor key={c.label} component={Link} to={c.to} size="xs">
                      {c.label}
                    </Anchor>
                  ) : (
                    <Text key={c.label} size="xs" c="dimmed">
                      {c.label}
                    </Text>
                  ),
                )}
              </Breadcrumbs>
            </nav>
          )}
          <Text fw={600} size="md" lineClamp={1} className={classes.title} aria-live="polite">
            {trail.at(-1)?.label ?? title}
          </Text>
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <GlobalSearch />
        <ThemeToggle />
        <AccountMenu />
      </Group>
    </Group>
  )
}
