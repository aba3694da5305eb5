import { useLocalStorage } from '@mantine/hooks'
import type { Shape } from 'plotly.js'

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

const DEFAULT_SETTINGS: AnnotationSettings = {
  enabled: { updates: true, prices: true, dailyPicks: true },
  collapsed: true,
}

/** The picker state, remembered in this browser (per user once accounts exist). */
export function useAnnotationSettings(): [AnnotationSettings, (next: AnnotationSettings) => void] {
  const [stored, setStored] = useLocalStorage<AnnotationSettings>({
    key: 'ludex:experience:annotations',
    defaultValue: DEFAULT_SETTINGS,
    getInitialValueInEffect: false,
  })
  // A stored value from an older shape keeps the defaults for what it lacks.
  const settings: AnnotationSettings = {
    enabled: { ...DEFAULT_SETTINGS.enabled, ...(stored?.enabled ?? {}) },
    collapsed: stored?.collapsed ?? DEFAULT_SETTINGS.collapsed,
  }
  return [settings, setStored]
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
