import { Paper, Stack, Text, Title } from '@mantine/core'
import { type ReactNode, useEffect, useRef } from 'react'

/**
 * One panel of an account screen: a title (focused when the panel replaces another, so screen readers
 * follow the switch), an optional tagline, the content and a footer line.
 */
export function AuthCard({
  title,
  tagline,
  footer,
  focusTitle = false,
  children,
}: {
  title: string
  tagline?: ReactNode
  footer?: ReactNode
  focusTitle?: boolean
  children: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusTitle) heading.current?.focus()
  }, [focusTitle])
  return (
    <Paper withBorder radius="md" p="xl" shadow="sm">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {title}
          </Title>
          {tagline && (
            <Text c="dimmed" size="sm">
              {tagline}
            </Text>
          )}
        </Stack>
        {children}
        {footer && (
          <Text size="sm" ta="center">
            {footer}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

/** A success or confirmation text that replaces a form; announced when it appears. */
export function AuthMessage({ children }: { children: ReactNode }) {
  return (
    <Stack gap="xs" role="status">
      {children}
    </Stack>
  )
}
