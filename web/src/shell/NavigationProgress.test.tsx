import { act, cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NAVIGATION_PROGRESS_DELAY_MS, NavigationProgress } from './NavigationProgress.tsx'

function Layout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  )
}

/** A router whose /slow page waits for the test to let its loader finish. */
function renderApp() {
  let release = () => {}
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Layout,
        children: [
          { index: true, element: <p>home</p> },
          {
            path: 'slow',
            loader: () =>
              new Promise<null>((resolve) => {
                release = () => resolve(null)
              }),
            element: <p>slow page</p>,
          },
          { path: 'quick', loader: () => null, element: <p>quick page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  )
  render(<RouterProvider router={router} />)
  return { router, release: () => release() }
}

const bar = () => screen.queryByRole('progressbar', { name: 'Loading page' })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('NavigationProgress', () => {
  it('shows a busy bar while a navigation waits on its data, after the delay, and hides it after', async () => {
    const { router, release } = renderApp()
    await act(async () => {
      void router.navigate('/slow')
    })
    expect(router.state.navigation.state).toBe('loading')
    // Not at once: a quick navigation would only flicker.
    await act(async () => vi.advanceTimersByTime(NAVIGATION_PROGRESS_DELAY_MS - 1))
    expect(bar()).toBeNull()
    await act(async () => vi.advanceTimersByTime(1))
    expect(bar()?.getAttribute('aria-busy')).toBe('true')
    // The old page stays meanwhile.
    expect(screen.getByText('home')).toBeTruthy()
    await act(async () => release())
    expect(screen.getByText('slow page')).toBeTruthy()
    expect(bar()).toBeNull()
  })

  it('never shows for a navigation that settles within the delay', async () => {
    const { router } = renderApp()
    await act(async () => {
      await router.navigate('/quick')
    })
    expect(screen.getByText('quick page')).toBeTruthy()
    await act(async () => vi.advanceTimersByTime(NAVIGATION_PROGRESS_DELAY_MS * 4))
    expect(bar()).toBeNull()
  })
})
