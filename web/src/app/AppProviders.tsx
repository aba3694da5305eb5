import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, StrictMode } from 'react'
import { type Analytics, AnalyticsContext } from '../analytics/sink.ts'
import { ConsentContext, type ConsentStore } from '../consent/consent.ts'
import { PageMetaContext, type PageMetaStore } from '../shell/page-meta.ts'
import { UpdatePrompt } from '../updates/UpdatePrompt.tsx'
import { UpdateContext, type UpdateStore } from '../updates/update-store.ts'
import { HydrationBoundary, HydrationContext, RootCommitted } from './hydration/HydrationBoundary.tsx'
import { type HydrationSchedule, IMMEDIATE_SCHEDULE } from './hydration/schedule.ts'
import { theme } from './theme.ts'

/**
 * The providers around the router, the same in the browser (main.tsx) and in a server render
 * (entry-server.tsx) so hydration meets the tree the server drew: the same elements at the same places,
 * or the ids React derives from their positions (useId) would differ. What they hold belongs to the one
 * app or the one render that made it.
 */
export function AppProviders(props: {
  readonly queryClient: QueryClient
  readonly pageMeta: PageMetaStore
  /** A server render passes noAnalytics: its effects never run, so it reports nothing. */
  readonly analytics: Analytics
  /** The cookie preferences, read from the cookie the page was requested with (the prompt's state). */
  readonly consent: ConsentStore
  /** New versions the service worker found; a server render has none. */
  readonly updates?: UpdateStore
  /** The order the page's boundaries hydrate in and when it is ready; a server render has none. */
  readonly hydration?: HydrationSchedule
  readonly children: ReactNode
}) {
  return (
    <StrictMode>
      <AnalyticsContext.Provider value={props.analytics}>
        <PageMetaContext.Provider value={props.pageMeta}>
          <ConsentContext.Provider value={props.consent}>
            <UpdateContext.Provider value={props.updates ?? null}>
              <HydrationContext value={props.hydration ?? IMMEDIATE_SCHEDULE}>
                <MantineProvider theme={theme} defaultColorScheme="auto">
                  <QueryClientProvider client={props.queryClient}>
                    {/* Drawn in the browser only, in a turn of its own; toasts shown before wait in its store. */}
                    <HydrationBoundary>
                      <Notifications position="top-right" />
                    </HydrationBoundary>
                    {props.children}
                    <UpdatePrompt />
                    <RootCommitted />
                  </QueryClientProvider>
                </MantineProvider>
              </HydrationContext>
            </UpdateContext.Provider>
          </ConsentContext.Provider>
        </PageMetaContext.Provider>
      </AnalyticsContext.Provider>
    </StrictMode>
  )
}
