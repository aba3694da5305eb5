import { SimpleGrid, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { DailyPicks } from './DailyPicks.tsx'
import { GenreCcuChart } from './GenreCcuChart.tsx'
import { GenreDistributionChart } from './GenreDistributionChart.tsx'
import { LikeRateHistogram } from './LikeRateHistogram.tsx'
import { MovementTable } from './MovementTable.tsx'
import { OVERVIEW_CCU_GRANULARITY } from './queries.ts'
import { SignUpBanner } from './SignUpBanner.tsx'
import { StatTiles } from './StatTiles.tsx'
import { TrackedCcuChart } from './TrackedCcuChart.tsx'
import { ccuStats, toCcuPoints } from './tracked-ccu.ts'

/** The home page (part 1 §2, Overview page). */
export function OverviewPage() {
  usePageMeta({ title: 'Overview' })
  const ccu = useQuery({ ...api.platformCcu(OVERVIEW_CCU_GRANULARITY), select: toCcuPoints })
  const points = ccu.data ?? []
  const stats = useMemo(() => ccuStats(points), [points])

  return (
    <Stack gap="md">
      <TrackedCcuChart points={points} loading={ccu.isPending} />
      <StatTiles stats={stats} loading={ccu.isPending} />
      <SignUpBanner />
      <DailyPicks />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MovementTable type="top100entry" title="Top 100 Entries" />
        <MovementTable type="top100exit" title="Top 100 Exits" />
      </SimpleGrid>
      <GenreCcuChart />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <GenreDistributionChart />
        <LikeRateHistogram />
      </SimpleGrid>
    </Stack>
  )
}
