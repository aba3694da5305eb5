import { AppShell, Group, Title } from '@mantine/core'
import { Link, Outlet } from 'react-router'

/** The app shell: top bar and sidebar around the routed page (filled out by the shell work). */
export function Shell() {
  return (
    <AppShell header={{ height: 70 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md">
          <Title order={2} size="h3">
            <Link to="/overview" style={{ color: 'inherit', textDecoration: 'none' }}>
              Ludex
            </Link>
          </Title>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  )
}
