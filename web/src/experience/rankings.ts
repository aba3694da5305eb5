import { type AnchorZoom, chartCategoryById, RANKING_GANTT_LABEL_THRESHOLDS_MS } from '@ludex/schemas'
import { formatDate } from './format.ts'

export interface RankingPeriod {
  readonly start: string
  readonly end: string
  /** The peak position in the period, '#3'. */
  readonly name: string
  /** The chart category id. */
  readonly y: number
}

export interface Milestone {
  readonly categoryId: number
  readonly category: string
  readonly peakRank: number
  /** Start of the latest period at the peak rank (epoch ms): where the category's ranking link opens. */
  readonly lastPeakStart: number
  /** Duration of the latest period at the peak rank, ms. */
  readonly lastPeakMs: number
  readonly timesAtPeak: number
  readonly totalAtPeakMs: number
}

export function categoryTitle(id: number): string {
  return chartCategoryById(id)?.title ?? `Category ${id}`
}

export function periodRank(name: string): number {
  const n = Number.parseInt(name.replace(/^#/, ''), 10)
  return Number.isFinite(n) ? n : Number.POSITIVE_INFINITY
}

/** Per category: the best rank reached, how often and how long the experience held it, and its latest stay. */
export function rankingMilestones(periods: readonly RankingPeriod[]): Milestone[] {
  const byCategory = new Map<number, RankingPeriod[]>()
  for (const p of periods) byCategory.set(p.y, [...(byCategory.get(p.y) ?? []), p])
  const out: Milestone[] = []
  for (const [categoryId, list] of byCategory) {
    const peakRank = Math.min(...list.map((p) => periodRank(p.name)))
    const atPeak = list
      .filter((p) => periodRank(p.name) === peakRank)
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    const duration = (p: RankingPeriod) => Math.max(0, Date.parse(p.end) - Date.parse(p.start))
    const last = atPeak.at(-1)
    out.push({
      categoryId,
      category: categoryTitle(categoryId),
      peakRank,
      lastPeakStart: last ? Date.parse(last.start) : 0,
      lastPeakMs: last ? duration(last) : 0,
      timesAtPeak: atPeak.length,
      totalAtPeakMs: atPeak.reduce((sum, p) => sum + duration(p), 0),
    })
  }
  return out.sort((a, b) => a.peakRank - b.peakRank || a.category.localeCompare(b.category))
}

/** The periods whose bars a chart over `range` draws (any part of them inside it); all without a range. */
export function periodsInRange(
  periods: readonly RankingPeriod[],
  range: AnchorZoom | null,
): readonly RankingPeriod[] {
  if (!range) return periods
  return periods.filter((p) => Date.parse(p.end) > range.min && Date.parse(p.start) < range.max)
}

/**
 * The gantt's text summary for screen readers: per category, the best rank among the bars the chart
 * draws over `range` (the visible range; null for all), so it says what the chart shows, not the best
 * rank of a history partly out of view.
 */
export function rankingsSummary(
  name: string,
  periods: readonly RankingPeriod[],
  range: AnchorZoom | null,
): string {
  const peaks = rankingMilestones(periodsInRange(periods, range))
  const when = range
    ? ` from ${formatDate(new Date(range.min).toISOString())} to ${formatDate(new Date(range.max).toISOString())}`
    : ''
  if (peaks.length === 0) return `${name} was in no chart category${when}.`
  const categories = `${peaks.length} chart ${peaks.length === 1 ? 'category' : 'categories'}`
  return `${name} appeared in ${categories}${when}: ${peaks.map((m) => `${m.category} peak #${m.peakRank}`).join(', ')}.`
}

const [HOUR, THREE_HOURS, DAY] = RANKING_GANTT_LABEL_THRESHOLDS_MS
/**
 * The shortest bar that gets its rank label at a visible span (labels by zoom): the further out the
 * view, the longer a bar must be to carry a label that fits. Up to 2 days visible: bars of 1 hour;
 * up to 2 weeks: 3 hours; beyond: 1 day.
 */
export function minLabelledBarMs(visibleSpanMs: number): number {
  if (visibleSpanMs <= 2 * DAY) return HOUR
  if (visibleSpanMs <= 14 * DAY) return THREE_HOURS
  return DAY
}
