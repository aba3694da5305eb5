import { Anchor, Box, Container, Group, Text } from '@mantine/core'
import { Link, Outlet } from 'react-router'
import { CookiePrompt } from '../consent/CookiePrompt.tsx'
import { NavigationProgress } from './NavigationProgress.tsx'
import { ThemeToggle } from './ThemeToggle.tsx'
import classes from './TopBar.module.css'

/**
 * The frame of the account screens (sign-in, sign-up, change password, verify email): the logo back to
 * the overview, the theme toggle and one centred card, with the cookie prompt until it is settled. Outside the main shell, so these screens do not
 * wait for the shell's data.
 */
export function AuthLayout() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-default-hover)">
      <CookiePrompt />
      <NavigationProgress />
      <Group component="header" justify="space-between" px="md" py="sm">
        <Anchor component={Link} to="/overview" className={classes.logo} aria-label="Ludex overview">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text span fw={800} fz="lg">
            Ludex
          </Text>
        </Anchor>
        <ThemeToggle />
      </Group>
      <Container component="main" size={480} px="md" pt="lg" pb="xl">
        <Outlet />
      </Container>
    </Box>
  )
}
