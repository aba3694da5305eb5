import { MantineProvider } from '@mantine/core'
import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { RouteError } from '../shell/RouteError.tsx'
import { useHashParams } from './hash-params.ts'

function Probe() {
  const [params, setParams] = useHashParams()
  return (
    <div>
      <span data-testid="search">{params.search ?? ''}</span>
      <button type="button" onClick={() => setParams({ ...params, tab: 'visits' })}>
        set tab
      </button>
    </div>
  )
}

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/', Component: Probe, errorElement: <RouteError /> }], {
    initialEntries: [entry],
  })
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  )
  return router
}

describe('useHashParams', () => {
  it('reads known keys, decoded', () => {
    renderAt('/#search=blox%20fruits')
    expect(screen.getByTestId('search').textContent).toBe('blox fruits')
  })

  it('writes the hash through buildHash', async () => {
    const router = renderAt('/#search=obby')
    await act(async () => screen.getByRole('button', { name: 'set tab' }).click())
    expect(router.state.location.hash).toBe('#search=obby&tab=visits')
  })

  it('an unknown key raises the error naming it, shown on the error page', () => {
    renderAt('/#search=x&color=red')
    expect(screen.getByText('Something went wrong')).toBeTruthy()
    expect(screen.getByText("Unknown hash parameter key 'color'")).toBeTruthy()
  })
})
