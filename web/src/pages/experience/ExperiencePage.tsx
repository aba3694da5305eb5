import { Title } from '@mantine/core'

export function ExperiencePage() {
  return <Title order={1}>Experience</Title>
}
