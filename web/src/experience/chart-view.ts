import {
  type AnchorZoom,
  anchoredView,
  DEFAULT_GRANULARITY,
  DEFAULT_GRAPH_RANGE,
  GRANULARITIES,
  type Granularity,
  type GraphRange,
} from '@ludex/schemas'
import { useCallback, useRef, useState } from 'react'
import { effectiveGranularity, offeredGranularities } from '../charts/granularity-options.ts'
import { useViewer } from '../shell/viewer.ts'
import { useHashParams } from '../ui/hash-params.ts'
import { rangeStart, zoomFromRelayout } from './anchor.ts'

const MINUTE_MS = 60_000

export interface ChartView {
  /** The granularity drawn: the chosen one, or a finer one where it could not show two points. */
  readonly granularity: Granularity
  /** The granularities offered for the current range: those that can show at least two points. */
  readonly granularities: readonly Granularity[]
  readonly setGranularity: (g: Granularity) => void
  /** The selected range button, or null when the view came from an anchor link. */
  readonly range: GraphRange | null
  readonly selectRange: (r: GraphRange) => void
  /** The range the view was set to (button or link); null for All. Charts put it on the x axis. */
  readonly target: AnchorZoom | null
  /** Where data must start to fill the target (undefined: from the beginning). */
  readonly startTime: number | undefined
  /**
   * The currently visible range (after user zoom), for anchor links; null while the chart shows the
   * default range, so a link copied from the default view carries no zoom (and never prompts a
   * visitor to sign in: the default month reaches past the 29-day anchor check).
   */
  readonly visible: () => AnchorZoom | null
  readonly onRelayout: (event: Readonly<Record<string, unknown>>) => void
  /** Changes only when the view is set on purpose, so user zoom survives refetches but not a button. */
  readonly uirevision: string
  /** True when the address anchored this chart (the page scrolls to it). */
  readonly anchored: boolean
}

/**
 * The end of the current minute: where a view that ends now ends. Minutes, so that a query key (and
 * its cache) is stable within a minute.
 */
export function viewNow(): number {
  return Math.ceil(Date.now() / MINUTE_MS) * MINUTE_MS
}

function targetFor(range: GraphRange, now: number): AnchorZoom | null {
  const start = rangeStart(range, now)
  return start === null ? null : { min: start, max: now }
}

/**
 * Where a chart's data starts in the default view (no anchor link) ending at `now`: what the page's
 * loader prefetches, so a server-rendered page is drawn with its charts' data and hydrates without
 * fetching it again.
 */
export function defaultViewStart(now: number, range: GraphRange = DEFAULT_GRAPH_RANGE): number | undefined {
  return targetFor(range, now)?.min
}

/**
 * The view state of one detail chart: granularity, range button and zoom. An anchor link naming the
 * chart (its title) restores zoom and granularity once, when the chart first shows. The first view
 * ends at `now`, the page's loader's minute (viewNow): a server-rendered page hydrates with the
 * minute it was drawn for, whatever the minute in the browser, so the chart asks for the data the
 * page carries and draws what the server drew. Range buttons later take the time they are pressed.
 */
export function useChartView(
  title: string,
  now: number,
  options: {
    granularities?: readonly Granularity[]
    defaultGranularity?: Granularity
    /** The range button selected without an anchor link (the compare pages' 7 days: 'week'). */
    defaultRange?: GraphRange
  } = {},
): ChartView {
  const defaultRange = options.defaultRange ?? DEFAULT_GRAPH_RANGE
  const [hash] = useHashParams()
  const viewer = useViewer()
  const [initial] = useState(() => anchoredView(hash, title))
  const allowed = options.granularities
  const fallback = options.defaultGranularity ?? DEFAULT_GRANULARITY
  const [granularity, setGranularity] = useState<Granularity>(() =>
    initial.granularity && (!allowed || allowed.includes(initial.granularity))
      ? initial.granularity
      : fallback,
  )
  const [range, setRange] = useState<GraphRange | null>(initial.zoom ? null : defaultRange)
  const [target, setTarget] = useState<AnchorZoom | null>(() => initial.zoom ?? targetFor(defaultRange, now))
  const [revision, setRevision] = useState(0)
  const visibleRef = useRef<AnchorZoom | null>(target)

  const selectRange = useCallback((r: GraphRange) => {
    const next = targetFor(r, viewNow())
    setRange(r)
    setTarget(next)
    visibleRef.current = next
    setRevision((n) => n + 1)
  }, [])

  const onRelayout = useCallback(
    (event: Readonly<Record<string, unknown>>) => {
      const zoom = zoomFromRelayout(event)
      if (zoom === 'autorange') visibleRef.current = target
      else if (zoom) visibleRef.current = zoom
    },
    [target],
  )

  // Month over a visitor's 30 days would be one point (issue 13, point 6): offered where it shows two.
  const offered = offeredGranularities(allowed ?? GRANULARITIES, {
    startMs: target ? target.min : undefined,
    nowMs: Date.now(),
    visitor: viewer.kind === 'visitor',
  })

  return {
    granularity: effectiveGranularity(granularity, offered),
    granularities: offered,
    setGranularity,
    range,
    selectRange,
    target,
    startTime: target ? target.min : undefined,
    visible: () => (range === defaultRange && visibleRef.current === target ? null : visibleRef.current),
    onRelayout,
    uirevision: `view-${revision}`,
    anchored: initial.zoom !== null || hash.anchor === title,
  }
}
