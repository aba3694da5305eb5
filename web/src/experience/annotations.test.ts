import type { EventMarker } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { ANNOTATION_KINDS, annotationNotes, experienceAnnotations, markerEvidence } from './annotations.ts'

const allOn = Object.fromEntries(ANNOTATION_KINDS.map((k) => [k.kind, true])) as Record<
  (typeof ANNOTATION_KINDS)[number]['kind'],
  boolean
>

const entry: EventMarker = {
  kind: 'chartEntry',
  time: '2026-11-10T14:20:00.000Z',
  text: 'Entered Most Popular at #4 on Nov 10, 2026 (UTC): <ranked> that day',
  category_id: 8,
}
const spike: EventMarker = {
  kind: 'ccuSpike',
  time: '2026-11-12T20:00:00.000Z',
  text: 'CCU spike: 1,200 players',
  category_id: null,
}

describe('automatic markers', () => {
  it("link an entry or exit to the category's ranking at its capture, the experience highlighted", () => {
    expect(markerEvidence(entry, 42)).toBe(`/rankings/8?time=${Date.parse(entry.time)}&exp=42`)
  })

  it('link a spike to the CCU chart, hourly, over the day around it', () => {
    const t = Date.parse(spike.time)
    const href = markerEvidence(spike, 42)
    expect(href).toContain('anchor=CCU')
    expect(href).toContain(`graphMin=${t - 12 * 3_600_000}`)
    expect(href).toContain(`graphMax=${t + 12 * 3_600_000}`)
    expect(href).toContain('granularity=hour')
    expect(href).toContain('tab=ccu')
  })

  it('become flags with the hover text (escaped) and the link, only for enabled kinds', () => {
    const annotations = experienceAnnotations({
      placeId: 42,
      updated: '2026-11-01T00:00:00Z',
      priceChanges: [
        { time: '2026-10-01T00:00:00Z', change: 0, price: 100 },
        { time: '2026-11-05T00:00:00Z', change: 50, price: 150 },
      ],
      dailyPickDates: [],
      markers: [entry, spike],
    })
    expect(annotations.map((a) => a.kind).sort()).toEqual(['ccuSpike', 'chartEntry', 'prices', 'updates'])
    expect(annotations.find((a) => a.kind === 'prices')?.text).toBe(
      'Price changed from 100 to 150 Robux on Nov 5, 2026',
    )
    const notes = annotationNotes(annotations, { ...allOn, ccuSpike: false })
    expect(notes).toHaveLength(3)
    const flag = notes.find((n) => n.x === Date.parse(entry.time))
    expect(flag?.hovertext).toBe('Entered Most Popular at #4 on Nov 10, 2026 (UTC): &lt;ranked&gt; that day')
    expect(flag?.text).toBe(
      `<a href="/rankings/8?time=${Date.parse(entry.time)}&amp;exp=42" target="_self">⚑</a>`,
    )
  })
})
