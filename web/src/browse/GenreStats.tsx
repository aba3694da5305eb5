import { formatLikePercentage, type GenreSummary, type SubGenreSummary } from '@ludex/schemas'
import { Group, Stack, Text } from '@mantine/core'
import { formatInteger } from '../experience/format.ts'

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  )
}

/** A genre's or sub-genre's headline numbers; `shareOf` names what the share is of. */
export function GenreStats({ row, shareOf }: { row: GenreSummary | SubGenreSummary; shareOf: string }) {
  return (
    <Group gap="xl" wrap="wrap">
      <Stat label="Experiences" value={formatInteger(row.experiences)} />
      <Stat label="Players Online" value={formatInteger(row.players_online)} />
      <Stat label={`Share of ${shareOf}`} value={`${(row.share * 100).toFixed(2)}%`} />
      <Stat
        label="Average Like Rate"
        value={row.like_rate === null ? '-' : formatLikePercentage(row.like_rate)}
      />
    </Group>
  )
}
