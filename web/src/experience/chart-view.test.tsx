import { DEFAULT_GRAPH_RANGE, type SessionUser } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TEST_USER } from '../account/test-render.tsx'
import { SESSION_QUERY_KEY } from '../api/queries.ts'
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
      <span data-testid="offered">{view.granularities.join(',')}</span>
      <button type="button" onClick={() => view.selectRange('three_months')}>
        3m
      </button>
    </>
  )
}

function renderAt(hash: string, title: string, session: SessionUser | null = null, now?: number) {
  const router = createMemoryRouter(
    [{ path: '/experiences/:id', element: <Probe title={title} now={now} /> }],
    { initialEntries: [`/experiences/1${hash}`] },
  )
  const queryClient = new QueryClient()
  queryClient.setQueryData(SESSION_QUERY_KEY, session)
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return screen.getByRole('status').textContent ?? ''
}

afterEach(cleanup)

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

  it('ignores an invalid granularity even when the anchor matches', () => {
    expect(renderAt('#anchor=CCU&granularity=fortnight', 'CCU')).toMatch(/^day\|month\|/)
  })

  it('ends the first view at the minute it is given (the loader’s), not the clock’s', () => {
    // A page drawn on the server a minute ago hydrates with the server's minute: same query, same drawing.
    const drawnAt = viewNow() - 60_000
    const [, , span] = renderAt('', 'CCU', null, drawnAt).split('|')
    expect(span).toBe(`${rangeStart(DEFAULT_GRAPH_RANGE, drawnAt)}-${drawnAt}`)
  })
})

describe('useChartView: Month only where it shows two points (issue 13, point 6)', () => {
  // Mid-month: a visitor's 30 days begin inside the month before, so they hold one month start.
  // (On the 1st or 2nd of a month they would hold two, and Month would be offered.)
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-18T14:03:00Z') })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('offers a visitor no Month over the default 30 days, and draws weeks for a month link', () => {
    renderAt('', 'CCU')
    expect(screen.getByTestId('offered').textContent).toBe('hour,day,week')
    cleanup()
    expect(renderAt('#anchor=CCU&granularity=month', 'CCU')).toMatch(/^week\|month\|/)
  })

  it('offers a signed-in user Month: the 30 days reach back into the month before', () => {
    renderAt('', 'CCU', TEST_USER)
    expect(screen.getByTestId('offered').textContent).toBe('hour,day,week,month')
    cleanup()
    expect(renderAt('#anchor=CCU&granularity=month', 'CCU', TEST_USER)).toMatch(/^month\|month\|/)
  })

  it('goes by the 30 days the server keeps a visitor to, whatever the range', () => {
    renderAt('', 'CCU')
    fireEvent.click(screen.getByRole('button', { name: '3m' }))
    expect(screen.getByTestId('offered').textContent).toBe('hour,day,week')
    cleanup()
    renderAt('', 'CCU', TEST_USER)
    fireEvent.click(screen.getByRole('button', { name: '3m' }))
    expect(screen.getByTestId('offered').textContent).toBe('hour,day,week,month')
  })
})
