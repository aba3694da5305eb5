import { MantineProvider } from '@mantine/core'
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useChartView } from './chart-view.ts'

function Probe({ title }: { title: string }) {
  const view = useChartView(title)
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

function renderAt(hash: string, title: string) {
  const router = createMemoryRouter([{ path: '/experiences/:id', element: <Probe title={title} /> }], {
    initialEntries: [`/experiences/1${hash}`],
  })
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

  it('ignores an invalid granularity even when the anchor matches', () => {
    expect(renderAt('#anchor=CCU&granularity=fortnight', 'CCU')).toMatch(/^day\|month\|/)
  })
})
