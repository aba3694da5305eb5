import { Button, Group, Paper, Text } from '@mantine/core'
import { IconSparkles } from '@tabler/icons-react'
import { useViewer } from '../../shell/viewer.ts'
import { openSignUpPromo } from '../../ui/promo.tsx'

/** The overview's sign-up banner, shown to visitors only; it opens the sign-up promo modal. */
export function SignUpBanner() {
  const viewer = useViewer()
  if (viewer.kind !== 'visitor') return null
  return (
    <Paper
      radius="md"
      p="md"
      withBorder
      bg="var(--mantine-primary-color-light)"
      component="aside"
      aria-label="Sign up"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconSparkles aria-hidden size={28} color="var(--mantine-primary-color-filled)" />
          <div>
            <Text fw={600}>See the full history of every experience</Text>
            <Text size="sm">
              Visitors see the last 30 days. Sign up for free for all history, comparisons and your own tags.
            </Text>
          </div>
        </Group>
        <Button onClick={openSignUpPromo}>Sign Up for Free</Button>
      </Group>
    </Paper>
  )
}
