import './app/mantine.css'
import '@mantine/notifications/styles.css'
import './app/global.css'
import './thumbnails/default-thumbnail.css'
import './thumbnails/experience-icon.css'
import { hydrate } from '@tanstack/react-query'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router'
import { readCookiePreferences, writeCookiePreferences } from './account/cookie-preferences.ts'
import { rememberCampaign, storedCampaign } from './analytics/campaign.ts'
import { installErrorReporter } from './analytics/error-reporter.ts'
import { createFirstPartySink } from './analytics/first-party-sink.ts'
import { createAnalytics } from './analytics/sink.ts'
import { requestGate } from './api/transport.ts'
import { AppProviders } from './app/AppProviders.tsx'
import { createHydrationSchedule, type HydrationSchedule } from './app/hydration/schedule.ts'
import { pageLoaded, whenIdle } from './app/idle.ts'
import { nextTask } from './app/next-task.ts'
import { createQueryClient } from './app/query-client.ts'
import { createRoutes } from './app/router.tsx'
import { readSsrState, type SsrState } from './app/ssr-state.ts'
import { createConsentStore } from './consent/consent.ts'
import { RELEASE } from './release.ts'
import { createPageMetaStore } from './shell/page-meta.ts'
import { MAIN_CONTENT_ID } from './shell/SkipLink.tsx'
import { createShellDataLoader } from './shell/shell-data.ts'
import { registerServiceWorker } from './updates/register.ts'
import { createUpdateStore } from './updates/update-store.ts'

/**
 * Once the page is ready and loaded, the service worker's registration waits this long (the answers the
 * page asked for as it became ready arrive and are drawn), then for the browser to be idle, at most
 * the second figure more. Short enough that an update the registration's check finds still arrives
 * within 10 s of the load on a phone ('released while you were away', part 2 §4).
 */
const SERVICE_WORKER_WAIT = { afterMs: 1500, timeoutMs: 2000 } as const

// First, so that an error while the app starts is reported too (issue 18 point 6).
installErrorReporter({ release: RELEASE })
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// What lives as long as this app does, made once here and handed down (never module state).
const analytics = createAnalytics(createFirstPartySink({ campaign: () => storedCampaign(localStorage) }))
const pageMeta = createPageMetaStore()
// Read from the same cookie the server rendered the page with, so the prompt hydrates as drawn.
const consent = createConsentStore(document.cookie, writeCookiePreferences)
const updates = createUpdateStore()
const queryClient = createQueryClient()
const loadShellData = createShellDataLoader(queryClient)
const routes = createRoutes(queryClient, { loadShellData })
const ssr = readSsrState(document)
rememberLandingCampaign()
// The skip link followed as a plain link before the app had started: its fragment is no hash parameter.
if (window.location.hash === `#${MAIN_CONTENT_ID}`) {
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
}

if (ssr) void hydratePage(ssr)
else {
  const router = createBrowserRouter(routes)
  startTransition(() => {
    createRoot(root).render(app(router, createHydrationSchedule({ staged: false, onReady: markReady })))
  })
}

/**
 * A server-rendered page: the cache and the router start exactly where the server drew the page. The
 * matched lazy routes are loaded before hydrating, and the shell's data (in the page's state; asked
 * for only if the server had none) is there, as the server had them. Hydration runs as a transition, so
 * React yields to the browser between pieces of work instead of blocking input for the whole page; the
 * steps before it are tasks of their own too (nextTask), each short on a phone.
 */
async function hydratePage(state: SsrState): Promise<void> {
  await nextTask()
  hydrate(queryClient, state.queries)
  await nextTask()
  warmNumberFormatting()
  await nextTask()
  warmDateFormatting()
  await nextTask()
  await Promise.all([loadLazyMatches(), loadShellData()])
  await nextTask()
  const router = createBrowserRouter(routes, { hydrationData: state.router })
  // The server never sees the address's hash, and a hash picks the view (a tab, an anchored zoom, a
  // search): such a page is drawn anew from the same state instead of hydrating markup that differs.
  if (window.location.hash.length > 1) {
    startTransition(() => {
      createRoot(root as HTMLElement).render(
        app(router, createHydrationSchedule({ staged: false, onReady: markReady })),
      )
    })
    return
  }
  // The parts of the page (HydrationBoundary) then hydrate one per task after the rest, with the app's
  // requests held until the last has (api/transport.ts: data landing meanwhile would differ from the
  // server's markup of the parts still to come).
  requestGate.close()
  const hydration = createHydrationSchedule({
    staged: true,
    onReady: () => {
      markReady()
      requestGate.open()
    },
    trace: (event, id) => performance.mark(`ludex:${event}`, { detail: id }),
  })
  startTransition(() => {
    hydrateRoot(root as HTMLElement, app(router, hydration), {
      // A difference between the server's markup and the first client render (a value kept in this
      // browser's storage, the time zone) is repaired by React re-rendering that part; not an error.
      onRecoverableError: (error) => console.warn('Hydration repaired a difference:', error),
    })
  })
}

function app(router: ReturnType<typeof createBrowserRouter>, hydration: HydrationSchedule) {
  return (
    <AppProviders
      queryClient={queryClient}
      pageMeta={pageMeta}
      analytics={analytics}
      consent={consent}
      updates={updates}
      hydration={hydration}
    >
      <RouterProvider router={router} />
    </AppProviders>
  )
}

/**
 * `<html data-app-ready>`: the page is interactive, every part of it hydrated (or drawn) and its effects
 * run. A server-rendered page looks ready before it is; tests wait for this before they click.
 */
function markReady(): void {
  performance.mark('ludex:ready')
  document.documentElement.dataset.appReady = ''
  startServiceWorker()
}

/**
 * The service worker (part 2 §4) once the page is ready, has loaded and has settled
 * (SERVICE_WORKER_WAIT): its install fetches and caches the whole app, work that on a phone's cores
 * competed with hydration and the first answers' drawing when it started at the load event. Not under
 * Vite's dev server, which has no worker to serve.
 */
function startServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  pageLoaded()
    .then(() => whenIdle(SERVICE_WORKER_WAIT))
    .then(() => registerServiceWorker(updates))
    .catch((error: unknown) => {
      console.info('The service worker could not be registered:', error)
    })
}

/**
 * Part 2 §2.1: `/` and any unknown path store the campaign tracking parameters (then show the
 * overview). Only with analytics consent; the first campaign stays (campaign.ts).
 */
function rememberLandingCampaign(): void {
  // The consent first: matching the routes (the router's first, which flattens and ranks them all) is
  // a few ms of a phone's start-up that a visitor without analytics consent never needs.
  if (!readCookiePreferences().st) return
  const matches = matchRoutes(routes, window.location) ?? []
  const deepest = matches.at(-1)?.route
  const landing = window.location.pathname === '/' || deepest?.path === '*'
  if (landing) rememberCampaign(window.location.search, localStorage)
}

/**
 * The browser's number and date formatting (ICU) starts up the first time a formatter is made, some
 * 15 ms of a desktop core and four times that on a phone. after-paint.js has it started in a worker
 * (public/warm-formatting.js), whose start-up the main thread shares; when that has not finished yet
 * (or workers are off), the start-up is paid here, each kind in a task of its own, rather than inside
 * the evaluation of the first page module that makes one (as `src/experience/format.ts` does).
 */
function warmNumberFormatting(): void {
  new Intl.NumberFormat('en-US').format(0)
}

function warmDateFormatting(): void {
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).format(0)
}

/** Resolves the lazy route modules the current address matches, as React Router's SSR guide does. */
async function loadLazyMatches(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
}
