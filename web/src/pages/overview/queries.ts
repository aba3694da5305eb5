import { parseHashParams } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import { api } from '../../api/queries.ts'
import { genreGranularityFromHash } from './genre-granularity.ts'

export const OVERVIEW_CCU_GRANULARITY = 'day'

/**
 * What the overview's first screen needs: the tracked CCU (chart and tiles) and the slim list (players
 * online, names). They are awaited so the page opens filled; the rest below the fold is only started.
 * A failure is not fatal here: the card shows 'No Data' (part 1 §8, stat fetch fails).
 */
export async function prefetchOverview(queryClient: QueryClient, hash: string): Promise<void> {
  const granularity = genreGranularityFromHash(hashParams(hash))
  void queryClient.prefetchQuery(api.picks())
  void queryClient.prefetchQuery(api.movement('top100entry'))
  void queryClient.prefetchQuery(api.movement('top100exit'))
  void queryClient.prefetchQuery(api.genreStats(granularity))
  void queryClient.prefetchQuery(api.genreDistribution())
  await Promise.all([
    queryClient.ensureQueryData(api.platformCcu(OVERVIEW_CCU_GRANULARITY)).catch(() => undefined),
    queryClient.ensureQueryData(api.slimList()).catch(() => undefined),
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
