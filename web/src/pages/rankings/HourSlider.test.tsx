import { MantineProvider } from '@mantine/core'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HourSlider } from './HourSlider.tsx'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function renderSlider(hour: number) {
  const onCommit = vi.fn()
  const view = render(
    <MantineProvider>
      <HourSlider hour={hour} onCommit={onCommit} />
    </MantineProvider>,
  )
  const thumb = screen.getByRole('slider')
  const press = (key: string) => fireEvent.keyDown(thumb, { key })
  const rerender = (next: number) =>
    view.rerender(
      <MantineProvider>
        <HourSlider hour={next} onCommit={onCommit} />
      </MantineProvider>,
    )
  return { thumb, press, onCommit, rerender }
}

describe('HourSlider', () => {
  it('runs from 0 to 23 and names the hour in UTC', () => {
    const { thumb } = renderSlider(14)
    expect(thumb.getAttribute('aria-valuemin')).toBe('0')
    expect(thumb.getAttribute('aria-valuemax')).toBe('23')
    expect(thumb.getAttribute('aria-valuenow')).toBe('14')
    expect(thumb.getAttribute('aria-valuetext')).toBe('14:00 UTC')
    expect(screen.getByText('Hour: 14:00 UTC')).toBeTruthy()
  })

  it('moves at once but commits the hour 200 ms after the last change, once', () => {
    const { thumb, press, onCommit } = renderSlider(10)
    press('ArrowRight')
    press('ArrowRight')
    press('ArrowRight')
    expect(thumb.getAttribute('aria-valuenow')).toBe('13')
    expect(screen.getByText('Hour: 13:00 UTC')).toBeTruthy()
    act(() => vi.advanceTimersByTime(199))
    expect(onCommit).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onCommit).toHaveBeenCalledTimes(1)
    expect(onCommit).toHaveBeenLastCalledWith(13)
  })

  it('restarts the wait at each change: a slow sweep commits only where it stops', () => {
    const { press, onCommit } = renderSlider(5)
    for (let i = 0; i < 4; i++) {
      press('ArrowLeft')
      act(() => vi.advanceTimersByTime(150))
    }
    expect(onCommit).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(50))
    expect(onCommit.mock.calls).toEqual([[1]])
    press('End')
    act(() => vi.advanceTimersByTime(200))
    expect(onCommit.mock.calls).toEqual([[1], [23]])
  })

  it('follows a new hour from outside (a day step, the address) without committing it', () => {
    const { thumb, onCommit, rerender } = renderSlider(8)
    rerender(20)
    expect(thumb.getAttribute('aria-valuenow')).toBe('20')
    act(() => vi.advanceTimersByTime(1000))
    expect(onCommit).not.toHaveBeenCalled()
  })
})
