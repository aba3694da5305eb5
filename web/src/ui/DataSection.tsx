import { Center, Loader, Paper, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { NO_DATA } from '../charts/Chart.tsx'

/**
 * A titled card of a page whose content comes from one query: a spinner while it loads, 'No Data'
 * when there is nothing to show (`data` null), else the content drawn from the data.
 * The section is named by its heading.
 */
export function DataSection<T>({
  title,
  titleId,
  id,
  loadingLabel,
  pending,
  data,
  children,
}: {
  readonly title: string
  readonly titleId: string
  /** The section's own id, when something links to it. */
  readonly id?: string
  /** The spinner's accessible name ('Loading …'). */
  readonly loadingLabel: string
  readonly pending: boolean
  /** What the content shows; null when there is nothing to show. */
  readonly data: T | null
  readonly children: (data: T) => ReactNode
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" id={id} aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="xs">
        {title}
      </Title>
      {pending ? (
        <Center h={80}>
          <Loader aria-label={loadingLabel} />
        </Center>
      ) : data === null ? (
        <Text c="dimmed">{NO_DATA}</Text>
      ) : (
        children(data)
      )}
    </Paper>
  )
}
