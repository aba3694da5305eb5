import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { Link, useLoaderData } from 'react-router'
import { useAccessRedirect } from '../../shell/page-guard.tsx'
import { usePageMeta } from '../../shell/page-meta.ts'
import type { ComingSoonData } from './route.tsx'

export const COMING_SOON_BADGE = 'Coming soon'
export const COMING_SOON_TEXT = 'This page is not built yet: it is coming in a later release.'
export const COMING_SOON_LINKS_TEXT = 'Meanwhile, the overview and the experiences are ready to explore.'

/**
 * The placeholder of a part 2 page that is not built yet: its own title (document title and top bar),
 * a sentence saying it is coming, and links to the pages that exist. A viewer who loses access while
 * on it (an admin simulating a role) is sent where the loader would have sent them.
 */
export function ComingSoonPage() {
  const { title, access, noIndex } = useLoaderData() as ComingSoonData
  usePageMeta({ title, noIndex })
  const denied = useAccessRedirect(access)
  if (denied) return denied
  return (
    <Stack gap="md" maw={720}>
      <Group gap="sm" align="center">
        <Title order={1}>{title}</Title>
        <Badge variant="light" size="lg">
          {COMING_SOON_BADGE}
        </Badge>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text>{COMING_SOON_TEXT}</Text>
          <Text c="dimmed">{COMING_SOON_LINKS_TEXT}</Text>
          <Group gap="sm">
            <Button component={Link} to="/overview" variant="light">
              Go to the overview
            </Button>
            <Button component={Link} to="/experiences" variant="default">
              Browse experiences
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  )
}
