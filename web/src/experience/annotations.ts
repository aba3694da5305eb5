import { anchorLinkParams, buildHash, type EventMarker, escapeMarkup } from '@ludex/schemas'
import type { Annotations, Shape } from 'plotly.js'
import { usePreference } from '../account/preferences.ts'
import { rankingPath } from '../rankings/address.ts'

/** The kinds of vertical markers the detail charts can show, with the colour and flag each is drawn with. */
export const ANNOTATION_KINDS = [
  { kind: 'updates', label: 'Updates', color: '#12b886', symbol: '⚑' },
  { kind: 'prices', label: 'Price Changes', color: '#fd7e14', symbol: '⚑' },
  { kind: 'dailyPicks', label: 'Daily Picks', color: '#be4bdb', symbol: '⚑' },
  // Automatic markers (GET /api/place/{id}/markers).
  { kind: 'chartEntry', label: 'Chart Entries', color: '#228be6', symbol: '⚑' },
  { kind: 'chartExit', label: 'Chart Exits', color: '#868e96', symbol: '⚑' },
  { kind: 'ccuSpike', label: 'CCU Spikes', color: '#fa5252', symbol: '⚑' },
  // A picture frame rather than a flag: a new image, not an event of the numbers.
  { kind: 'thumbnailChange', label: 'Thumbnail Changes', color: '#1098ad', symbol: '▣' },
] as const
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number]['kind']

const KIND_STYLE = new Map<AnnotationKind, { color: string; symbol: string }>(
  ANNOTATION_KINDS.map((k) => [k.kind, { color: k.color, symbol: k.symbol }]),
)
/** The colour and flag of a kind's markers (the same on the interactive and the static chart). */
export function annotationStyle(kind: AnnotationKind): { color: string; symbol: string } {
  return KIND_STYLE.get(kind) ?? { color: '#868e96', symbol: '⚑' }
}

export interface Annotation {
  readonly kind: AnnotationKind
  /** Epoch ms. */
  readonly time: number
  /** What the marker says on hover. */
  readonly text?: string
  /** Where its evidence is (a path, or a hash of this page). */
  readonly href?: string
}

export interface AnnotationSettings {
  readonly enabled: Readonly<Record<AnnotationKind, boolean>>
  /** The picker's collapsed state on small screens. */
  readonly collapsed: boolean
}

/** Preference keys (kind 'panels') of the picker: its open state and each kind's checkbox. */
export const ANNOTATION_PANEL_KEY = 'experience.annotations'
const kindKey = (kind: AnnotationKind) => `${ANNOTATION_PANEL_KEY}.${kind}`

/**
 * The picker state, remembered per user when signed in and in this browser for visitors (part 1 §2).
 * Folded by default on small screens; every kind shown by default.
 */
export function useAnnotationSettings(): [AnnotationSettings, (next: AnnotationSettings) => void] {
  const [open, setOpen] = usePreference('panels', ANNOTATION_PANEL_KEY, false)
  const [updates, setUpdates] = usePreference('panels', kindKey('updates'), true)
  const [prices, setPrices] = usePreference('panels', kindKey('prices'), true)
  const [dailyPicks, setDailyPicks] = usePreference('panels', kindKey('dailyPicks'), true)
  const [chartEntry, setChartEntry] = usePreference('panels', kindKey('chartEntry'), true)
  const [chartExit, setChartExit] = usePreference('panels', kindKey('chartExit'), true)
  const [ccuSpike, setCcuSpike] = usePreference('panels', kindKey('ccuSpike'), true)
  const [thumbnailChange, setThumbnailChange] = usePreference('panels', kindKey('thumbnailChange'), true)
  const settings: AnnotationSettings = {
    enabled: { updates, prices, dailyPicks, chartEntry, chartExit, ccuSpike, thumbnailChange },
    collapsed: !open,
  }
  const set = (next: AnnotationSettings) => {
    // Only what changed is written (one click changes one value).
    if (next.collapsed !== settings.collapsed) setOpen(!next.collapsed)
    if (next.enabled.updates !== updates) setUpdates(next.enabled.updates)
    if (next.enabled.prices !== prices) setPrices(next.enabled.prices)
    if (next.enabled.dailyPicks !== dailyPicks) setDailyPicks(next.enabled.dailyPicks)
    if (next.enabled.chartEntry !== chartEntry) setChartEntry(next.enabled.chartEntry)
    if (next.enabled.chartExit !== chartExit) setChartExit(next.enabled.chartExit)
    if (next.enabled.ccuSpike !== ccuSpike) setCcuSpike(next.enabled.ccuSpike)
    if (next.enabled.thumbnailChange !== thumbnailChange) setThumbnailChange(next.enabled.thumbnailChange)
  }
  return [settings, set]
}

const HOUR_MS = 3_600_000
/** A spike's evidence: the CCU chart, hourly, over the day around it. */
const SPIKE_EVIDENCE_SPAN_MS = 12 * HOUR_MS

const dayText = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
/** A marker time as the hover texts write it (UTC, to the minute). */
export const timeText = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'UTC',
})

/** The id of the price history section, the evidence of a price change. */
export const PRICE_HISTORY_ID = 'price-history'
/** The id of the thumbnail changes section (old and new images), the evidence of a thumbnail change. */
export const THUMBNAIL_CHANGES_ID = 'thumbnail-changes'

/**
 * Where an automatic marker's evidence is: the ranking at its capture, the old and new images, or the
 * CCU chart at its hour.
 */
export function markerEvidence(marker: EventMarker, placeId: number): string {
  const time = Date.parse(marker.time)
  if (marker.kind === 'thumbnailChange') return `#${THUMBNAIL_CHANGES_ID}`
  if (marker.category_id !== null) return rankingPath(marker.category_id, { time, exp: placeId })
  const link = anchorLinkParams({
    title: 'CCU',
    zoom: { min: time - SPIKE_EVIDENCE_SPAN_MS, max: time + SPIKE_EVIDENCE_SPAN_MS },
    granularity: 'hour',
    tab: 'ccu',
  })
  return buildHash(link)
}

/**
 * Markers for an experience: its last update, each price change after the first price, its daily
 * picks, and the automatic markers (chart entries and exits, CCU spikes, thumbnail changes), each with
 * its hover text and the link to its evidence.
 */
export function experienceAnnotations(input: {
  placeId: number
  updated: string
  priceChanges: readonly { time: string; change: number; price: number }[]
  dailyPickDates: readonly string[]
  markers?: readonly EventMarker[]
}): Annotation[] {
  const out: Annotation[] = []
  const updated = Date.parse(input.updated)
  if (Number.isFinite(updated) && new Date(updated).getUTCFullYear() >= 2)
    out.push({ kind: 'updates', time: updated, text: `Updated ${timeText.format(updated)} UTC` })
  input.priceChanges.forEach((p, i) => {
    // The first entry is the starting price, not a change.
    if (i > 0 && p.change !== 0) {
      const time = Date.parse(p.time)
      const from = p.price - p.change
      out.push({
        kind: 'prices',
        time,
        text: `Price changed from ${from} to ${p.price} Robux on ${dayText.format(time)}`,
        href: `#${PRICE_HISTORY_ID}`,
      })
    }
  })
  for (const d of input.dailyPickDates) {
    const time = Date.parse(`${d}T00:00:00Z`)
    out.push({
      kind: 'dailyPicks',
      time,
      text: `Daily pick on ${dayText.format(time)}`,
      href: '/daily-picks',
    })
  }
  for (const m of input.markers ?? [])
    out.push({ kind: m.kind, time: Date.parse(m.time), text: m.text, href: markerEvidence(m, input.placeId) })
  return out.filter((a) => Number.isFinite(a.time))
}

/** Plotly shapes for the enabled annotations: dashed vertical lines across the plot. */
export function annotationShapes(
  annotations: readonly Annotation[],
  enabled: Readonly<Record<AnnotationKind, boolean>>,
): Partial<Shape>[] {
  return annotations
    .filter((a) => enabled[a.kind])
    .map((a) => ({
      type: 'line',
      xref: 'x',
      yref: 'paper',
      x0: a.time,
      x1: a.time,
      y0: 0,
      y1: 1,
      line: { color: annotationStyle(a.kind).color, width: 1.5, dash: 'dot' },
    }))
}

/**
 * Plotly annotations for the enabled markers that say something: a small flag at the top of each line
 * whose hover is the marker's text and which links to its evidence (same tab).
 */
export function annotationNotes(
  annotations: readonly Annotation[],
  enabled: Readonly<Record<AnnotationKind, boolean>>,
): Partial<Annotations>[] {
  return annotations
    .filter((a) => enabled[a.kind] && a.text)
    .map((a): Partial<Annotations> => {
      const { color, symbol } = annotationStyle(a.kind)
      return {
        xref: 'x',
        yref: 'paper',
        x: a.time,
        y: 1,
        yanchor: 'top',
        showarrow: false,
        text: a.href ? `<a href="${escapeMarkup(a.href)}" target="_self">${symbol}</a>` : symbol,
        font: { color, size: 13 },
        hovertext: escapeMarkup(a.text ?? ''),
        hoverlabel: { bgcolor: '#fff', bordercolor: color, font: { color: '#212529' } },
        captureevents: true,
      }
    })
}

/** At most this many markers are read out in a chart's summary (the latest); the rest are counted. */
const SUMMARY_MARKERS_MAX = 20
const LABELS = new Map<AnnotationKind, string>(ANNOTATION_KINDS.map((k) => [k.kind, k.label]))

/**
 * The shown markers inside a chart's time range as sentences for its summary: both drawings (static and
 * Plotly) are hidden from screen readers, so this is how they learn of the flags. '' when none.
 */
export function markersSummary(
  shown: readonly Annotation[],
  range: { readonly min: number; readonly max: number } | null,
): string {
  if (!range) return ''
  const inside = shown
    .filter((a) => a.text && a.time >= range.min && a.time <= range.max)
    .sort((a, b) => a.time - b.time)
  if (inside.length === 0) return ''
  const sentences = inside.slice(-SUMMARY_MARKERS_MAX).map((a) => {
    const text = a.text ?? ''
    return ` ${LABELS.get(a.kind) ?? a.kind}: ${text}${text.endsWith('.') ? '' : '.'}`
  })
  const head =
    inside.length === 1
      ? 'One marker.'
      : inside.length > sentences.length
        ? `${inside.length} markers, the latest ${sentences.length}:`
        : `${inside.length} markers.`
  return ` ${head}${sentences.join('')}`
}
