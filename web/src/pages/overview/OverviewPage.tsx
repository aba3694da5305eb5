import { Title } from '@mantine/core'

export function OverviewPage() {
  return <Title order={1}>Overview</Title>
}
