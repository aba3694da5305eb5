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
  entry: string,
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
