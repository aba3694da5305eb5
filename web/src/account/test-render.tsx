import type { SessionUser } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ComponentType } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { SESSION_QUERY_KEY } from '../api/queries.ts'

/**
 * Renders one page at `entry` inside the providers the app gives it (Mantine, a query client whose
 * session is already known, a memory router); other paths render their path name, so redirects show.
 */
export function renderPage(
  path: string,
  Page: ComponentType,
  /** The address opened, or an address with router state (e.g. the page a sign-in link came from). */
  entry: string | { pathname: string; state: unknown },
  session: SessionUser | null = null,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(SESSION_QUERY_KEY, session)
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: [entry] },
  )
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { ...view, router, queryClient }
}

/** A signed-in viewer with no staff permissions, for pages that branch on the session. */
export const TEST_USER: SessionUser = {
  id: 41,
  email: 'vera@example.com',
  email_verified: true,
  first_name: 'Vera',
  last_name: 'Viewer',
  role: 'viewer',
  actual_role: 'viewer',
  simulating: false,
  can_simulate: false,
  permissions: [],
  needs_onboarding: false,
  interests: ['obby'],
  user_type: 'developer',
  analytics_id: 'analytics-41',
  created: '2025-01-01T00:00:00.000Z',
  last_active: null,
}
