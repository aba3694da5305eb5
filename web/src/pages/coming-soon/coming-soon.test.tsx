import { ROLE_PERMISSIONS, type Role, type SessionUser } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { TEST_USER } from '../../account/test-render.tsx'
import { SESSION_QUERY_KEY } from '../../api/queries.ts'
import { createRoutes, SHELL_ROUTE_ID } from '../../app/router.tsx'
import { RouteError } from '../../shell/RouteError.tsx'
import { isRouteHandle } from '../../shell/route-handle.ts'
import { COMING_SOON_TEXT } from './ComingSoonPage.tsx'
import { COMING_SOON_MODULE } from './coming-soon.ts'

/** The app's own placeholder routes (the shell's page routes whose module is the placeholder's). */
function placeholderRoutes(queryClient: QueryClient): RouteObject[] {
  const shell = createRoutes(queryClient, { loadShellData: async () => undefined }).find(
    (r) => r.id === SHELL_ROUTE_ID,
  )
  const pages = shell?.children?.flatMap((group) => group.children ?? []) ?? []
  return pages.filter((r) => isRouteHandle(r.handle) && r.handle.module === COMING_SOON_MODULE)
}

function Elsewhere() {
  return <p>elsewhere {useLocation().pathname}</p>
}

const userWith = (role: Role): SessionUser => ({
  ...TEST_USER,
  role,
  actual_role: role,
  permissions: [...ROLE_PERMISSIONS[role]],
})

function open(path: string, session: SessionUser | null = null) {
  const queryClient = new QueryClient()
  queryClient.setQueryData(SESSION_QUERY_KEY, session)
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        children: [...placeholderRoutes(queryClient), { path: '*', Component: Elsewhere }],
      },
    ],
    { initialEntries: [path] },
  )
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { router, queryClient }
}

afterEach(cleanup)

describe('placeholders of the part 2 pages', () => {
  // Every route of part 2 §2.1 that has no page yet, with the title it shows. A route that gets its
  // real page leaves this list (its own tests take over).
  const pages: [string, string, SessionUser | null][] = []

  it.each(pages)('%s shows its own title, the coming-soon text and links', async (path, title, session) => {
    open(path, session)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
    expect(screen.getByText(COMING_SOON_TEXT)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the overview' }).getAttribute('href')).toBe('/overview')
    expect(screen.getByRole('link', { name: 'Browse experiences' }).getAttribute('href')).toBe('/experiences')
    await waitFor(() => expect(document.title).toBe(`${title} | Ludex`))
  })

  it('asks search engines not to index the staff tools', async () => {
    open('/event-credentials', userWith('admin'))
    await screen.findByRole('heading', { level: 1, name: 'Event Credentials' })
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
        'noindex, nofollow',
      ),
    )
    cleanup()
    // A placeholder that is no staff tool is indexed (the legal pages, once placeholders, are pages now).
    open('/compare/experiences', userWith('viewer'))
    await screen.findByRole('heading', { level: 1, name: 'Compare Experiences' })
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toBeNull())
  })

  it.each<[string, SessionUser | null, string]>([])('%s sends %o to %s', async (path, session, target) => {
    const { router } = open(path, session)
    await waitFor(() => expect(router.state.location.pathname).toBe(target))
    expect(screen.queryByText(COMING_SOON_TEXT)).toBeNull()
  })

  it('sends a viewer who loses access while on the page away (an admin simulating a viewer)', async () => {
    const { router, queryClient } = open('/event-credentials', userWith('admin'))
    await screen.findByRole('heading', { level: 1, name: 'Event Credentials' })
    act(() => queryClient.setQueryData(SESSION_QUERY_KEY, { ...userWith('viewer'), actual_role: 'admin' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})
