import type { SlimExperience } from '@ludex/schemas'
import { Paper, Title } from '@mantine/core'
import { useMemo } from 'react'
import { ExperiencesTable, withRanks } from '../pages/experiences/ExperiencesTable.tsx'

/** The experiences of a genre or sub-genre, ranked among themselves by players online. */
export function GenreExperiences({
  tableId,
  experiences,
  title,
}: {
  tableId: string
  experiences: readonly SlimExperience[]
  title: string
}) {
  const ranked = useMemo(() => withRanks(experiences), [experiences])
  const headingId = `${tableId}-title`
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        Experiences
      </Title>
      <ExperiencesTable
        tableId={tableId}
        rows={ranked}
        loading={false}
        caption={`${experiences.length.toLocaleString('en-US')} experiences in ${title}, ranked by players online`}
      />
    </Paper>
  )
}
