import { Card, Group, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A titled card of the overview; the title is the section's heading (h2) for screen readers. */
export function OverviewCard({
  title,
  description,
  action,
  children,
}: {
  title: string
  description?: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" align="center" mb="sm" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </div>
        {action}
      </Group>
      {children}
    </Card>
  )
}
