import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { LEGACY_REDIRECTS } from '../app/router.tsx'
import { LegacyRedirect } from './LegacyRedirect.tsx'
import { RouteError } from './RouteError.tsx'
import { breadcrumbTrail } from './route-handle.ts'

function Nothing() {
  return null
}

function Page() {
  return <p>page</p>
}

function renderRoutes(entry: string) {
  const router = createMemoryRouter(
    [
      ...LEGACY_REDIRECTS.map(({ path, to }) => ({ path, element: <LegacyRedirect to={to} /> })),
      {
        path: '/',
        Component: Outlet,
        errorElement: <RouteError />,
        children: [
          {
            path: 'experiences/:experienceId',
            loader: () => {
              throw new Response('', { status: 404 })
            },
            Component: Nothing,
          },
          { path: '*', Component: Page },
        ],
      },
    ],
    { initialEntries: [entry] },
  )
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  )
  return router
}

describe('routing', () => {
  it.each([
    ['/places', '/experiences', ''],
    ['/places/123', '/experiences/123', ''],
    ['/place-tags/7', '/tags/7', ''],
    ['/experiences/compare#exp=1,2', '/compare/experiences', '#exp=1,2'],
    ['/tags/compare#tag-1=4', '/compare/tags', '#tag-1=4'],
    ['/login', '/sign-in', ''],
  ])('redirects %s to %s keeping the hash', async (from, pathname, hash) => {
    const router = renderRoutes(from)
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname))
    expect(router.state.location.hash).toBe(hash)
  })

  it('a thrown 404 Response shows the 404 page', async () => {
    renderRoutes('/experiences/0')
    expect(await screen.findByText('404 - PAGE NOT FOUND')).toBeTruthy()
    expect(screen.getByText("This is not the resource you're looking for..")).toBeTruthy()
  })

  it('breadcrumbs: route crumbs, then the page title unless it repeats', () => {
    const crumbs = { crumbs: [{ label: 'Experiences', to: '/experiences' }] }
    expect(breadcrumbTrail([undefined, crumbs], 'Adopt Me!')).toEqual([
      { label: 'Experiences', to: '/experiences' },
      { label: 'Adopt Me!' },
    ])
    expect(breadcrumbTrail([crumbs], 'Experiences')).toEqual([{ label: 'Experiences', to: '/experiences' }])
  })
})
