import type { Shape } from 'plotly.js'
import { usePreference } from '../account/preferences.ts'

/** The kinds of vertical markers the detail charts can show. */
export const ANNOTATION_KINDS = [
  { kind: 'updates', label: 'Updates', color: '#12b886' },
  { kind: 'prices', label: 'Price Changes', color: '#fd7e14' },
  { kind: 'dailyPicks', label: 'Daily Picks', color: '#be4bdb' },
] as const
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number]['kind']

export interface Annotation {
  readonly kind: AnnotationKind
  /** Epoch ms. */
  readonly time: number
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
  const settings: AnnotationSettings = { enabled: { updates, prices, dailyPicks }, collapsed: !open }
  const set = (next: AnnotationSettings) => {
    // Only what changed is written (one click changes one value).
    if (next.collapsed !== settings.collapsed) setOpen(!next.collapsed)
    if (next.enabled.updates !== updates) setUpdates(next.enabled.updates)
    if (next.enabled.prices !== prices) setPrices(next.enabled.prices)
    if (next.enabled.dailyPicks !== dailyPicks) setDailyPicks(next.enabled.dailyPicks)
  }
  return [settings, set]
}

/** Markers for an experience: its last update, each price change after the first price, its daily picks. */
export function experienceAnnotations(input: {
  updated: string
  priceChanges: readonly { time: string; change: number }[]
  dailyPickDates: readonly string[]
}): Annotation[] {
  const out: Annotation[] = []
  const updated = Date.parse(input.updated)
  if (Number.isFinite(updated) && new Date(updated).getUTCFullYear() >= 2)
    out.push({ kind: 'updates', time: updated })
  input.priceChanges.forEach((p, i) => {
    // The first entry is the starting price, not a change.
    if (i > 0 && p.change !== 0) out.push({ kind: 'prices', time: Date.parse(p.time) })
  })
  for (const d of input.dailyPickDates) out.push({ kind: 'dailyPicks', time: Date.parse(`${d}T00:00:00Z`) })
  return out.filter((a) => Number.isFinite(a.time))
}

/** Plotly shapes for the enabled annotations: dashed vertical lines across the plot. */
export function annotationShapes(
  annotations: readonly Annotation[],
  enabled: Readonly<Record<AnnotationKind, boolean>>,
): Partial<Shape>[] {
  const color = new Map<AnnotationKind, string>(ANNOTATION_KINDS.map((k) => [k.kind, k.color]))
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
      line: { color: color.get(a.kind) ?? '#868e96', width: 1.5, dash: 'dot' },
    }))
}
