import { MantineProvider } from '@mantine/core'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { Data } from 'plotly.js'
import { describe, expect, it } from 'vitest'
import { Chart } from './Chart.tsx'

const DAY = 86_400_000
const T0 = Date.UTC(2025, 9, 1)
const x = Array.from({ length: 40 }, (_, i) => new Date(T0 + i * DAY))
const traces: Data[] = [
  { type: 'scatter', mode: 'lines', name: 'A', x, y: x.map((_, i) => (i === 20 ? null : i * 10)) },
  { type: 'scatter', mode: 'lines', name: 'B', x, y: x.map((_, i) => i * 5), fill: 'tozeroy' },
  { type: 'scatter', mode: 'lines', name: 'C', x, y: x.map(() => 100) },
]

function renderChart(props: Partial<Parameters<typeof Chart>[0]> = {}) {
  return render(
    // env="test": jsdom lays nothing out, so a menu opened in it would count its target as detached
    // and hide (the menu's dropdown is drawn on opening, src/ui/MenuDropdown.tsx).
    <MantineProvider env="test">
      <Chart title="CCU" summary="CCU over time." data={traces} {...props} />
    </MantineProvider>,
  )
}

describe('Chart', () => {
  it('draws the figure statically: a line per trace, an area for the fill, a legend', () => {
    const { container } = renderChart()
    const figure = screen.getByRole('figure', { name: 'CCU' })
    expect(figure.getAttribute('tabindex')).toBe('0')
    const chart = container.querySelector('[data-chart="static"]')
    expect(chart?.getAttribute('aria-hidden')).toBe('true')
    // Three lines; the first has two runs (the null at 20 breaks it).
    const lines = [...(chart?.querySelectorAll('path[stroke-width]:not([class*=marker])') ?? [])]
    expect(lines).toHaveLength(3)
    expect(lines[0]?.getAttribute('d')?.match(/M/g)).toHaveLength(2)
    expect(chart?.querySelectorAll('path[class*=area]')).toHaveLength(1)
    expect(chart?.textContent).toContain('Oct 1')
    expect(chart?.textContent).toContain('B')
    expect(container.querySelector('[data-chart="plotly"]')).toBeNull()
  })

  it("honours the layout's x range", () => {
    const { container } = renderChart({
      layout: {
        xaxis: {
          type: 'date',
          range: [new Date(T0 + 30 * DAY).toISOString(), new Date(T0 + 39 * DAY).toISOString()],
        },
      },
    })
    const labels = [...container.querySelectorAll('[data-chart="static"] span')].map((s) => s.textContent)
    expect(labels).toContain('Nov 3')
    expect(labels.some((l) => l?.startsWith('Oct 1'))).toBe(false)
  })

  it('counts bars of a histogram', () => {
    const { container } = renderChart({
      data: [{ type: 'bar', x: [2.5, 7.5, 12.5], y: [1, 4, 2], width: [5, 5, 5] }],
      layout: { xaxis: { range: [0, 100], dtick: 10, ticksuffix: '%' } },
    })
    expect(container.querySelectorAll('[data-chart="static"] rect')).toHaveLength(3)
    expect(container.textContent).toContain('50%')
  })

  it('loads Plotly when the pointer enters, and Plotly replaces the static drawing once drawn', async () => {
    const { container } = renderChart()
    const figure = screen.getByRole('figure', { name: 'CCU' })
    expect(container.querySelector('[data-chart="plotly"]')).toBeNull()
    await act(async () => {
      fireEvent.pointerEnter(figure)
    })
    // The Plotly layer mounts at once (its chunk loading); Plotly itself runs in jsdom and draws.
    expect(container.querySelector('[data-chart="plotly"]')).not.toBeNull()
    await waitFor(() => expect(container.querySelector('[data-chart="static"]')).toBeNull(), {
      timeout: 20_000,
    })
    const plot = container.querySelector('[data-chart="plotly"] .js-plotly-plot')
    expect(plot?.querySelectorAll('.scatterlayer .trace')).toHaveLength(3)
  })

  it('also upgrades on keyboard focus', async () => {
    const { container } = renderChart()
    await act(async () => {
      fireEvent.focus(screen.getByRole('figure', { name: 'CCU' }))
    })
    expect(container.querySelector('[data-chart="plotly"]')).not.toBeNull()
  })

  it('keeps the spinner and the empty text', () => {
    const { container, unmount } = renderChart({ loading: true })
    expect(screen.getByLabelText('Loading chart')).toBeTruthy()
    expect(container.querySelector('[data-chart]')).toBeNull()
    unmount()
    renderChart({ data: [] })
    expect(screen.getAllByText('No Data').length).toBeGreaterThan(0)
    expect(screen.getByRole('figure').getAttribute('tabindex')).toBeNull()
  })

  it('offers an Export menu with both downloads, only when there is data drawn', async () => {
    const { unmount } = renderChart()
    const button = screen.getByRole('button', { name: 'Export CCU' })
    await act(async () => {
      fireEvent.click(button)
    })
    await waitFor(() => {
      expect(screen.getByRole('menuitem', { name: 'Download CSV' })).toBeTruthy()
      expect(screen.getByRole('menuitem', { name: 'Download JSON' })).toBeTruthy()
    })
    unmount()
    const loading = renderChart({ loading: true })
    expect(screen.queryByRole('button', { name: 'Export CCU' })).toBeNull()
    loading.unmount()
    renderChart({ data: [] })
    expect(screen.queryByRole('button', { name: 'Export CCU' })).toBeNull()
  })
})
