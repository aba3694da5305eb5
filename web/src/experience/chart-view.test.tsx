import { DEFAULT_GRAPH_RANGE } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { rangeStart } from './anchor.ts'
import { useChartView, viewNow } from './chart-view.ts'

function Probe({ title, now = viewNow() }: { title: string; now?: number }) {
  const view = useChartView(title, now)
  const visible = view.visible()
  return (
    <>
      <output>
        {view.granularity}|{view.range ?? 'zoom'}|
        {view.target ? `${view.target.min}-${view.target.max}` : 'all'}
      </output>
      <span data-testid="visible">{visible ? `${visible.min}-${visible.max}` : 'none'}</span>
    </>
  )
}

function renderAt(hash: string, title: string, now?: number) {
  const router = createMemoryRouter(
    [{ path: '/experiences/:id', element: <Probe title={title} now={now} /> }],
    {
      initialEntries: [`/experiences/1${hash}`],
    },
  )
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  )
  return screen.getByRole('status').textContent ?? ''
}

describe('useChartView: anchor links', () => {
  it('restores zoom and granularity for the chart the anchor names', () => {
    expect(renderAt('#anchor=CCU&graphMin=1000&graphMax=5000&granularity=hour', 'CCU')).toBe(
      'hour|zoom|1000-5000',
    )
  })

  it('keeps the defaults (day, the third range button) for another chart', () => {
    expect(renderAt('#anchor=Visits&graphMin=1000&graphMax=5000&granularity=hour', 'CCU')).toMatch(
      /^day\|month\|/,
    )
  })

  it('gives anchor links no zoom from the default view, and the zoom from an anchored one', () => {
    renderAt('', 'CCU')
    expect(screen.getByTestId('visible').textContent).toBe('none')
    cleanup()
    renderAt('#anchor=CCU&graphMin=1000&graphMax=5000', 'CCU')
    expect(screen.getByTestId('visible').textContent).toBe('1000-5000')
  })

  it('ends the first view at the minute it is given (the loader’s), not the clock’s', () => {
    // A page drawn on the server a minute ago hydrates with the server's minute: same query, same drawing.
    const drawnAt = viewNow() - 60_000
    const [, , span] = renderAt('', 'CCU', drawnAt).split('|')
    expect(span).toBe(`${rangeStart(DEFAULT_GRAPH_RANGE, drawnAt)}-${drawnAt}`)
  })

  it('ignores an invalid granularity even when the anchor matches', () => {
    expect(renderAt('#anchor=CCU&granularity=fortnight', 'CCU')).toMatch(/^day\|month\|/)
  })
})
