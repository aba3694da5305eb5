import {
  MOMENTUM_LABEL_TEXT,
  MOMENTUM_MAX_PLACE_IDS,
  MOMENTUM_WINDOW_DAYS,
  type PlaceMomentum,
} from '@ludex/schemas'
import { Badge, type MantineSize } from '@mantine/core'
import { IconArrowNarrowRight, IconTrendingDown, IconTrendingUp } from '@tabler/icons-react'
import { type QueryClient, useQueries } from '@tanstack/react-query'
import { useCallback, useDeferredValue, useMemo } from 'react'
import { Link } from 'react-router'
import { idChunks, idsOfKey } from '../api/id-chunks.ts'
import { api } from '../api/queries.ts'
import { methodologyLink } from '../methodology/paths.ts'

const STYLE = {
  rising: { color: 'teal', Icon: IconTrendingUp },
  stable: { color: 'gray', Icon: IconArrowNarrowRight },
  declining: { color: 'red', Icon: IconTrendingDown },
} as const

/** '+12.5 %' / '−3 %': the change of the daily average CCU, as the badge's title says it. */
export function formatMomentumChange(change: number): string {
  const pct = Math.round(change * 1000) / 10
  return `${pct > 0 ? '+' : pct < 0 ? '−' : '±'}${Math.abs(pct)} %`
}

/** What the badge says in full: its label, the change, and over what. */
export function momentumDescription(m: PlaceMomentum): string {
  if (m.momentum === null) return 'Momentum: not enough data'
  const change = m.change === null ? '' : ` (${formatMomentumChange(m.change)})`
  return `Momentum: ${MOMENTUM_LABEL_TEXT[m.momentum]}${change}, daily average CCU of the last ${MOMENTUM_WINDOW_DAYS} days against the ${MOMENTUM_WINDOW_DAYS} before`
}

/**
 * An experience's momentum label, linking to how it is computed (/methodology#momentum). Nothing is
 * drawn without a label: no data is not a trend.
 */
export function MomentumBadge({
  momentum,
  size = 'sm',
}: {
  momentum: PlaceMomentum | undefined
  size?: MantineSize
}) {
  if (!momentum || momentum.momentum === null) return null
  const { color, Icon } = STYLE[momentum.momentum]
  const description = momentumDescription(momentum)
  return (
    <Badge
      component={Link}
      to={methodologyLink('momentum')}
      variant="light"
      color={color}
      size={size}
      leftSection={<Icon size={14} aria-hidden />}
      title={description}
      aria-label={description}
      style={{ cursor: 'pointer' }}
      data-momentum={momentum.momentum}
    >
      {MOMENTUM_LABEL_TEXT[momentum.momentum]}
    </Badge>
  )
}

/** The calls the momentum of these experiences is asked in: chunks of MOMENTUM_MAX_PLACE_IDS. */
const momentumChunks = (placeIds: readonly number[]) => idChunks(placeIds, MOMENTUM_MAX_PLACE_IDS)

/** Starts the calls useMomentumByPlace makes for these ids (a loader's: not awaited). */
export function prefetchMomentum(queryClient: QueryClient, placeIds: readonly number[]): void {
  for (const chunk of momentumChunks(placeIds)) void queryClient.prefetchQuery(api.momentum(chunk))
}

/**
 * The momentum of these experiences by place id (the rows a table shows or sorts), asked in chunks of
 * MOMENTUM_MAX_PLACE_IDS; an experience whose chunk has not answered has none yet. Deferred: the
 * answers usually land as a page hydrates, and what they change (a badge in every row of a table) is
 * drawn as a transition, in slices, rather than in one long task.
 */
export function useMomentumByPlace(placeIds: readonly number[]): ReadonlyMap<number, PlaceMomentum> {
  // By value: callers may pass a new array with the same ids on every render.
  const key = placeIds.join(',')
  const chunks = useMemo(() => momentumChunks(idsOfKey(key)), [key])
  const combine = useCallback((results: readonly { data?: { places: readonly PlaceMomentum[] } }[]) => {
    const byPlace = new Map<number, PlaceMomentum>()
    for (const r of results) for (const p of r.data?.places ?? []) byPlace.set(p.place_id, p)
    return byPlace
  }, [])
  return useDeferredValue(useQueries({ queries: chunks.map((chunk) => api.momentum(chunk)), combine }))
}
