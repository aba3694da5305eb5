import { parseHashParams, type SessionUser } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import { prefetchExperienceLookup } from '../../api/experience-lookup.ts'
import { api, SESSION_QUERY_KEY } from '../../api/queries.ts'
import { viewerOf } from '../../shell/viewer.ts'
import { prefetchDailyPicks } from './DailyPicks.tsx'
import { genreGranularityView } from './genre-granularity.ts'

export const OVERVIEW_CCU_GRANULARITY = 'day'

/**
 * What the overview's first screen needs: the tracked CCU (chart and tiles) and the tracked experiences'
 * totals (the Players Online tile, the Like Rate histogram). They are awaited so the page opens filled;
 * the rest below the fold is only started.
 * A failure is not fatal here: the card shows 'No Data' (part 1 §8, stat fetch fails).
 */
export async function prefetchOverview(queryClient: QueryClient, hash: string): Promise<void> {
  // The granularity the genre chart will draw: its anchor's, and a visitor's month draws weeks.
  const visitor = viewerOf(queryClient.getQueryData<SessionUser | null>(SESSION_QUERY_KEY)).kind === 'visitor'
  const { granularity } = genreGranularityView(hashParams(hash), { visitor, nowMs: Date.now() })
  prefetchDailyPicks(queryClient)
  // The Top 100 tables and the names of their experiences (looked up once the movement answers).
  for (const type of ['top100entry', 'top100exit'] as const) {
    void queryClient
      .fetchQuery(api.movement(type))
      .then((rows) =>
        prefetchExperienceLookup(
          queryClient,
          rows.map((m) => m.place_id),
        ),
      )
      .catch(() => undefined)
  }
  void queryClient.prefetchQuery(api.genreStats(granularity))
  void queryClient.prefetchQuery(api.genreDistribution())
  await Promise.all([
    queryClient.ensureQueryData(api.platformCcu(OVERVIEW_CCU_GRANULARITY)).catch(() => undefined),
    queryClient.ensureQueryData(api.experienceSummary()).catch(() => undefined),
  ])
}

/** The address's hash keys; an unknown key is the page's error to show (part 1 §5), not the prefetch's. */
function hashParams(hash: string): ReturnType<typeof parseHashParams> {
  try {
    return parseHashParams(hash)
  } catch {
    return {}
  }
}
