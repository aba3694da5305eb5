import { Anchor, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { api } from '../../api/queries.ts'
import { useViewer } from '../../shell/viewer.ts'
import { openSignUpPromo } from '../../ui/promo.tsx'
import type { CcuStats } from './tracked-ccu.ts'

export const SIGN_IN_TO_VIEW = 'Sign in to view'
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Average daily CCU last month, players online and highest daily CCU; two are for signed-in users. */
export function StatTiles({ stats, loading }: { stats: CcuStats; loading: boolean }) {
  const viewer = useViewer()
  const visitor = viewer.kind === 'visitor'
  const online = useQuery({ ...api.experienceSummary(), select: (s) => s.players_online })
  const locked = (
    <Anchor component="button" type="button" fz="lg" fw={600} onClick={openSignUpPromo}>
      {SIGN_IN_TO_VIEW}
    </Anchor>
  )
  const value = (v: number | null | undefined, pending: boolean) =>
    pending ? <Skeleton h={28} w={120} /> : v === null || v === undefined ? '-' : integer.format(v)

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Tile label="Average Daily CCU" hint="Last month">
        {visitor ? locked : value(stats.averageLastMonth, loading)}
      </Tile>
      <Tile label="Players Online" hint="Across tracked experiences">
        {value(online.data, online.isPending)}
      </Tile>
      <Tile label="Highest Daily CCU" hint="In the charted range">
        {visitor ? locked : value(stats.highest, loading)}
      </Tile>
    </SimpleGrid>
  )
}

function Tile({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="div" fz={28} fw={700} lh={1.3}>
        {children}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  )
}
