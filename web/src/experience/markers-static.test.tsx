import type { EventMarker } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import type { Data, Layout } from 'plotly.js'
import { describe, expect, it } from 'vitest'
import { Chart } from '../charts/Chart.tsx'
import { ANNOTATION_KINDS, annotationNotes, annotationShapes, experienceAnnotations } from './annotations.ts'

const HOUR = 3_600_000
const T0 = Date.UTC(2026, 10, 10)
const x = Array.from({ length: 48 }, (_, i) => T0 + i * HOUR)
const data: Data[] = [{ type: 'scatter', mode: 'lines', name: 'CCU', x, y: x.map((_, i) => 100 + i) }]

const thumbnail: EventMarker = {
  kind: 'thumbnailChange',
  time: new Date(T0 + 12 * HOUR).toISOString(),
  text: 'The icon image was replaced: first captured at Nov 10, 2026, 12:00 UTC, different from the capture before.',
  category_id: null,
  thumbnails: [{ type: 'Icon', from: 'a', to: 'b' }],
}
const spike: EventMarker = {
  kind: 'ccuSpike',
  time: new Date(T0 + 30 * HOUR).toISOString(),
  text: 'CCU spike: 900 players at <peak>',
  category_id: null,
  thumbnails: [],
}
const styleOf = (kind: string) => ANNOTATION_KINDS.find((k) => k.kind === kind)

/** The detail chart's figure with its markers, as the experience page builds it, drawn statically. */
function drawStatic(enabled: Partial<Record<string, boolean>> = {}) {
  const on = Object.fromEntries(ANNOTATION_KINDS.map((k) => [k.kind, enabled[k.kind] ?? true])) as Record<
    (typeof ANNOTATION_KINDS)[number]['kind'],
    boolean
  >
  const annotations = experienceAnnotations({
    placeId: 7,
    updated: new Date(T0 + 40 * HOUR).toISOString(),
    priceChanges: [],
    dailyPickDates: [],
    markers: [thumbnail, spike],
  })
  const layout: Partial<Layout> = {
    xaxis: { type: 'date' },
    shapes: annotationShapes(annotations, on),
    annotations: annotationNotes(annotations, on),
  }
  const { container } = render(
    <MantineProvider>
      <Chart title="CCU" summary="CCU over time." data={data} layout={layout} />
    </MantineProvider>,
  )
  const chart = container.querySelector('[data-chart="static"]')
  if (!chart) throw new Error('no static drawing')
  return chart
}

describe('markers on the static chart', () => {
  it('draws each marker as its line and its flag, in its colour, with its hover text as title', () => {
    const chart = drawStatic()
    const flags = [...chart.querySelectorAll<HTMLElement>('span[title]')]
    expect(flags).toHaveLength(3)
    const thumb = flags.find((f) => f.title === thumbnail.text)
    // the hover text as written, not as Plotly's escaped markup
    const spikeFlag = flags.find((f) => f.title === spike.text)
    expect(thumb?.textContent).toBe(styleOf('thumbnailChange')?.symbol)
    expect(spikeFlag?.textContent).toBe(styleOf('ccuSpike')?.symbol)
    expect(flags.find((f) => f.title.startsWith('Updated '))?.textContent).toBe(styleOf('updates')?.symbol)
    const colour = (el: HTMLElement | undefined) => el?.style.color
    const rgb = (hex: string | undefined) => {
      const n = Number.parseInt((hex ?? '#000000').slice(1), 16)
      return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`
    }
    expect(colour(thumb)).toBe(rgb(styleOf('thumbnailChange')?.color))
    expect(colour(spikeFlag)).toBe(rgb(styleOf('ccuSpike')?.color))
    // the flag stands where its line does: 12 of the 47 hours along
    const lines = [...chart.querySelectorAll<HTMLElement>('div[style*="border-left"]')]
    expect(lines).toHaveLength(3)
    expect(Number.parseFloat(thumb?.style.left ?? '')).toBeCloseTo((12 / 47) * 100, 2)
    const line = lines.find((l) => l.style.left === thumb?.style.left)
    expect(line?.style.borderLeft).toContain(rgb(styleOf('thumbnailChange')?.color))
  })

  it('draws none of a kind switched off in the picker', () => {
    const chart = drawStatic({ thumbnailChange: false })
    const titles = [...chart.querySelectorAll<HTMLElement>('span[title]')].map((f) => f.title)
    expect(titles).not.toContain(thumbnail.text)
    expect(titles).toContain(spike.text)
    expect(chart.querySelectorAll('div[style*="border-left"]')).toHaveLength(2)
  })
})
