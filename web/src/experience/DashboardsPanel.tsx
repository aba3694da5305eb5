import { Anchor, Paper, Stack, Title } from '@mantine/core'
import { IconExternalLink } from '@tabler/icons-react'
import type { Viewer } from '../shell/viewer.ts'
import { externalDashboards } from './links.ts'

/** Whether the dashboards panel shows: not for the role viewer (visitors do see it). */
export function showsDashboards(viewer: Viewer): boolean {
  return !(viewer.kind === 'user' && viewer.role === 'viewer')
}

/**
 * Links to the experience's external dashboards; hidden on mobile (below the sm breakpoint). A page
 * showing several (the compare page) titles each after its experience.
 */
export function DashboardsPanel({
  placeId,
  universeId,
  title = 'Dashboards',
}: {
  placeId: number
  universeId: number
  title?: string
}) {
  const titleId = `dashboards-title-${placeId}`
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} visibleFrom="sm">
      <Title order={2} size="h5" id={titleId} mb="xs">
        {title}
      </Title>
      <Stack gap={6}>
        {externalDashboards(placeId, universeId).map((d) => (
          <Anchor key={d.label} href={d.href} target="_blank" rel="noopener noreferrer" size="sm">
            {d.label} <IconExternalLink size={12} aria-hidden style={{ verticalAlign: 'middle' }} />
          </Anchor>
        ))}
      </Stack>
    </Paper>
  )
}
