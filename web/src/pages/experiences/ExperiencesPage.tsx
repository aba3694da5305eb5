import { Title } from '@mantine/core'

export function ExperiencesPage() {
  return <Title order={1}>Experiences</Title>
}
