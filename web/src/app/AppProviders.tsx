import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, StrictMode } from 'react'
import { type Analytics, AnalyticsContext } from '../analytics/sink.ts'
import { PageMetaContext, type PageMetaStore } from '../shell/page-meta.ts'
import { theme } from './theme.ts'

/**
 * The providers around the router, the same in the browser (main.tsx) and in a server render
 * (entry-server.tsx) so hydration meets the tree the server drew. What they hold belongs to the one app
 * or the one render that made it.
 */
export function AppProviders(props: {
  readonly queryClient: QueryClient
  readonly pageMeta: PageMetaStore
  /** A server render passes noAnalytics: its effects never run, so it reports nothing. */
  readonly analytics: Analytics
  readonly children: ReactNode
}) {
  return (
    <StrictMode>
      <AnalyticsContext.Provider value={props.analytics}>
        <PageMetaContext.Provider value={props.pageMeta}>
          <MantineProvider theme={theme} defaultColorScheme="auto">
            <QueryClientProvider client={props.queryClient}>
              <Notifications position="top-right" />
              {props.children}
            </QueryClientProvider>
          </MantineProvider>
        </PageMetaContext.Provider>
      </AnalyticsContext.Provider>
    </StrictMode>
  )
}
