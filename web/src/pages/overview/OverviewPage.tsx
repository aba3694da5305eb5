import { SimpleGrid, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
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
import { type CcuPoint, ccuStats, toCcuPoints } from './tracked-ccu.ts'

const NO_POINTS: readonly CcuPoint[] = []

/** The home page (part 1 §2, Overview page). */
export function OverviewPage() {
  usePageMeta({ title: 'Overview' })
  const ccu = useQuery({
    ...api.platformCcu(OVERVIEW_CCU_GRANULARITY),
    select: (r) => ({ points: toCcuPoints(r.body), partialFrom: r.partialFrom }),
  })
  const points = ccu.data?.points ?? NO_POINTS
  const partialFrom = ccu.data?.partialFrom ?? null
  // Whole days only: the day in progress is no record and no day of the month's average.
  const stats = useMemo(() => ccuStats(points, partialFrom), [points, partialFrom])

  // Each card hydrates in a task of its own (HydrationBoundary).
  return (
    <Stack gap="md">
      <HydrationBoundary>
        <TrackedCcuChart points={points} partialFrom={partialFrom} loading={ccu.isPending} />
      </HydrationBoundary>
      <HydrationBoundary>
        <StatTiles stats={stats} loading={ccu.isPending} />
        <SignUpBanner />
      </HydrationBoundary>
      <HydrationBoundary>
        <DailyPicks />
      </HydrationBoundary>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <HydrationBoundary>
          <MovementTable type="top100entry" title="Top 100 Entries" />
        </HydrationBoundary>
        <HydrationBoundary>
          <MovementTable type="top100exit" title="Top 100 Exits" />
        </HydrationBoundary>
      </SimpleGrid>
      <HydrationBoundary>
        <GenreCcuChart />
      </HydrationBoundary>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <HydrationBoundary>
          <GenreDistributionChart />
        </HydrationBoundary>
        <HydrationBoundary>
          <LikeRateHistogram />
        </HydrationBoundary>
      </SimpleGrid>
    </Stack>
  )
}
