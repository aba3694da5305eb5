import type { EventMarker } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import {
  ANNOTATION_KINDS,
  annotationNotes,
  annotationShapes,
  experienceAnnotations,
  markerEvidence,
  markersSummary,
} from './annotations.ts'

const allOn = Object.fromEntries(ANNOTATION_KINDS.map((k) => [k.kind, true])) as Record<
  (typeof ANNOTATION_KINDS)[number]['kind'],
  boolean
>

const entry: EventMarker = {
  kind: 'chartEntry',
  time: '2026-11-10T14:20:00.000Z',
  text: 'Entered Most Popular at #4 on Nov 10, 2026 (UTC): <ranked> that day',
  category_id: 8,
  thumbnails: [],
}
const spike: EventMarker = {
  kind: 'ccuSpike',
  time: '2026-11-12T20:00:00.000Z',
  text: 'CCU spike: 1,200 players',
  category_id: null,
  thumbnails: [],
}
const thumbnail: EventMarker = {
  kind: 'thumbnailChange',
  time: '2026-11-14T09:00:00.000Z',
  text: 'The icon image was replaced: first captured at Nov 14, 2026, 09:00 UTC, different from the capture before.',
  category_id: null,
  thumbnails: [{ type: 'Icon', from: 'old1', to: 'new2' }],
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

  it("write the hover text's quotes as references Plotly reads (it shows &quot; as written)", () => {
    const quoted: EventMarker = { ...spike, text: `CCU spike: "Winter" & Tom's <update>` }
    const annotations = experienceAnnotations({
      placeId: 42,
      updated: '0001-01-01T00:00:00Z',
      priceChanges: [],
      dailyPickDates: [],
      markers: [quoted],
    })
    const [flag] = annotationNotes(annotations, allOn)
    expect(flag?.hovertext).toBe('CCU spike: &#34;Winter&#34; &amp; Tom&#39;s &lt;update&gt;')
    // Plotly's text reads numeric references and, of the named ones, amp, lt and gt only.
    expect(flag?.hovertext?.match(/&[a-z]+;/g)?.every((e) => ['&amp;', '&lt;', '&gt;'].includes(e))).toBe(
      true,
    )
  })

  it('draw a thumbnail change in its own colour and symbol, linking to the old and new images', () => {
    expect(markerEvidence(thumbnail, 42)).toBe('#thumbnail-changes')
    const annotations = experienceAnnotations({
      placeId: 42,
      updated: '0001-01-01T00:00:00Z',
      priceChanges: [],
      dailyPickDates: [],
      markers: [entry, thumbnail],
    })
    const t = Date.parse(thumbnail.time)
    const style = ANNOTATION_KINDS.find((k) => k.kind === 'thumbnailChange')
    expect(style?.label).toBe('Thumbnail Changes')
    // its own colour and flag: no other kind shares them
    expect(ANNOTATION_KINDS.filter((k) => k.color === style?.color)).toHaveLength(1)
    expect(style?.symbol).not.toBe('⚑')
    const notes = annotationNotes(annotations, allOn)
    const flag = notes.find((n) => n.x === t)
    expect(flag?.text).toBe(`<a href="#thumbnail-changes" target="_self">${style?.symbol}</a>`)
    expect(flag?.font?.color).toBe(style?.color)
    expect(flag?.hovertext).toBe(thumbnail.text)
    expect(annotationShapes(annotations, allOn).find((s) => s.x0 === t)?.line?.color).toBe(style?.color)
    // switched off in the picker: neither its line nor its flag
    const off = { ...allOn, thumbnailChange: false }
    expect(annotationNotes(annotations, off).map((n) => n.x)).toEqual([Date.parse(entry.time)])
    expect(annotationShapes(annotations, off).map((s) => s.x0)).toEqual([Date.parse(entry.time)])
  })

  it('are read out in the summary of a chart whose range holds them', () => {
    const annotations = experienceAnnotations({
      placeId: 42,
      updated: '0001-01-01T00:00:00Z',
      priceChanges: [],
      dailyPickDates: ['2026-11-12'],
      markers: [thumbnail],
    })
    const t = Date.parse(thumbnail.time)
    expect(markersSummary(annotations, { min: t - 1, max: t + 1 })).toBe(
      ` One marker. Thumbnail Changes: ${thumbnail.text}`,
    )
    expect(markersSummary(annotations, { min: 0, max: t })).toBe(
      ` 2 markers. Daily Picks: Daily pick on Nov 12, 2026. Thumbnail Changes: ${thumbnail.text}`,
    )
    expect(markersSummary(annotations, { min: t + 1, max: t + 2 })).toBe('')
    // many markers: the latest 20 read out, all counted
    const many = Array.from({ length: 25 }, (_, i) => ({
      kind: 'dailyPicks' as const,
      time: t + i,
      text: `Pick ${i}`,
    }))
    const said = markersSummary(many, { min: t, max: t + 30 })
    expect(said.startsWith(' 25 markers, the latest 20: Daily Picks: Pick 5.')).toBe(true)
    expect(said.endsWith('Daily Picks: Pick 24.')).toBe(true)
    expect(markersSummary(annotations, null)).toBe('')
  })
})
