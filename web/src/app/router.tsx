import { CHART_CATEGORIES } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import type { RouteObject } from 'react-router'
import { loadPreferences } from '../account/preferences.ts'
import { api } from '../api/queries.ts'
import { LEGAL_PATHS } from '../legal/paths.ts'
import { METHODOLOGY_PATH } from '../methodology/paths.ts'
import { AuthLayout } from '../shell/AuthLayout.tsx'
import { LegacyRedirect } from '../shell/LegacyRedirect.tsx'
import { RouteError } from '../shell/RouteError.tsx'
import type { RouteHandle } from '../shell/route-handle.ts'
import { Shell } from '../shell/Shell.tsx'
import { StartupSpinner } from '../shell/StartupSpinner.tsx'
import { restoreSession } from '../shell/session.ts'

type Params = Record<string, string | undefined>

/** Legacy paths (part 2 §2.2); the search and hash ride along (the spec requires it for compare). */
export const LEGACY_REDIRECTS: { path: string; to: (p: Params) => string }[] = [
  { path: '/places', to: () => '/experiences' },
  { path: '/places/:placeId', to: (p) => `/experiences/${p.placeId}` },
  { path: '/place-tags', to: () => '/tags' },
  { path: '/place-tags/:placeTagId', to: (p) => `/tags/${p.placeTagId}` },
  { path: '/experiences/compare', to: () => '/compare/experiences' },
  { path: '/tags/compare', to: () => '/compare/tags' },
  { path: '/login', to: () => '/sign-in' },
]

const overviewHandle: RouteHandle = {
  crumbs: [{ label: 'Overview', to: '/overview' }],
  module: 'src/pages/overview/route.tsx',
  serverRender: true,
}
const unknownPathHandle: RouteHandle = { ...overviewHandle, status: 404 }
const experiencesCrumbs = [{ label: 'Experiences', to: '/experiences' }]
const experiencesHandle: RouteHandle = {
  crumbs: experiencesCrumbs,
  module: 'src/pages/experiences/route.tsx',
  serverRender: true,
}
const experienceHandle: RouteHandle = {
  crumbs: experiencesCrumbs,
  module: 'src/pages/experience/route.tsx',
  serverRender: true,
}
const creatorsCrumbs = [{ label: 'Creators', to: '/creators' }]
const creatorsHandle: RouteHandle = {
  crumbs: creatorsCrumbs,
  module: 'src/pages/creators/route.tsx',
  serverRender: true,
}
const creatorHandle: RouteHandle = {
  crumbs: creatorsCrumbs,
  module: 'src/pages/creator/route.tsx',
  serverRender: true,
}
const genresCrumbs = [{ label: 'Genres', to: '/genres' }]
const genresHandle: RouteHandle = {
  crumbs: genresCrumbs,
  module: 'src/pages/genres/route.tsx',
  serverRender: true,
}
const genreHandle: RouteHandle = {
  crumbs: genresCrumbs,
  module: 'src/pages/genre/route.tsx',
  serverRender: true,
}
const subGenreHandle: RouteHandle = {
  crumbs: genresCrumbs,
  module: 'src/pages/sub-genre/route.tsx',
  serverRender: true,
}
const dailyPicksHandle: RouteHandle = {
  crumbs: [{ label: 'Daily Picks', to: '/daily-picks' }],
  module: 'src/pages/daily-picks/route.tsx',
  serverRender: true,
}
const rankingsHandle: RouteHandle = {
  // The sidebar's Rankings entry opens the first category.
  crumbs: [{ label: 'Rankings', to: `/rankings/${CHART_CATEGORIES[0]!.id}` }],
  module: 'src/pages/rankings/route.tsx',
  serverRender: true,
}
const tagsCrumbs = [{ label: 'Tags', to: '/tags' }]
const tagsHandle: RouteHandle = {
  crumbs: tagsCrumbs,
  module: 'src/pages/tags/route.tsx',
  serverRender: true,
}
const tagHandle: RouteHandle = {
  crumbs: tagsCrumbs,
  module: 'src/pages/tag/route.tsx',
  serverRender: true,
}
const settingsHandle: RouteHandle = {
  crumbs: [{ label: 'Settings', to: '/settings' }],
  module: 'src/pages/settings/route.tsx',
}
const usersHandle: RouteHandle = {
  crumbs: [{ label: 'User Management', to: '/users' }],
  module: 'src/pages/users/route.tsx',
}
// The staff tools: drawn in the browser (their loaders redirect anyone but staff).
const robuxHandle: RouteHandle = {
  crumbs: [{ label: 'Robux Converter', to: '/robux' }],
  module: 'src/pages/robux/route.tsx',
}
const deepLinkHandle: RouteHandle = {
  crumbs: [{ label: 'Roblox-style Deep Link', to: '/deep-link' }],
  module: 'src/pages/deep-link/route.tsx',
}
const codeLibraryHandle: RouteHandle = {
  crumbs: [{ label: 'Code Library', to: '/code-library' }],
  module: 'src/pages/code-library/route.tsx',
}

const legalHandle: RouteHandle = { crumbs: [], module: 'src/pages/legal/route.tsx', serverRender: true }
const LEGAL_PAGES = [
  { path: LEGAL_PATHS.terms, kind: 'terms' },
  { path: LEGAL_PATHS.privacy, kind: 'privacy' },
  { path: LEGAL_PATHS.cookies, kind: 'cookies' },
] as const

// The methodology page (issue 20): public, server-rendered and indexed; its sections are its data.
const methodologyHandle: RouteHandle = {
  crumbs: [],
  module: 'src/pages/methodology/route.tsx',
  serverRender: true,
}

/** The compare pages: signed in only, so drawn in the browser (the loader redirects visitors). */
const compareHandle = (module: string): RouteHandle => ({ crumbs: [], module })

const alertsHandle: RouteHandle = {
  crumbs: [{ label: 'Alerts', to: '/alerts' }],
  module: 'src/pages/alerts/route.tsx',
}

const eventCredentialsHandle: RouteHandle = {
  crumbs: [],
  module: 'src/pages/event-credentials/route.tsx',
}

/** The id of the shell's route: the pages inside it load the shell's data. */
export const SHELL_ROUTE_ID = 'shell'

/** What the routes need from the app that created them (one app in the browser, one server render). */
export interface RouteServices {
  /** Loads the shell's data; the browser's loader schedules a reload after a failure, a server render's never does. */
  readonly loadShellData: () => Promise<unknown>
}

export function createRoutes(queryClient: QueryClient, services: RouteServices): RouteObject[] {
  const overview = () => import('../pages/overview/route.tsx').then((m) => m.route(queryClient))
  return [
    ...LEGACY_REDIRECTS.map(({ path, to }) => ({ path, element: <LegacyRedirect to={to} /> })),
    {
      // The account screens: their own frame, no shell data; the session is restored first so that
      // sign-in and sign-up can send a signed-in user on (part 2 §2.1).
      id: 'account',
      Component: AuthLayout,
      HydrateFallback: StartupSpinner,
      loader: async () => {
        await restoreSession(queryClient)
        return null
      },
      shouldRevalidate: () => false,
      errorElement: <RouteError />,
      children: [
        { path: 'sign-in', lazy: () => import('../pages/sign-in/route.tsx').then((m) => m.route()) },
        { path: 'sign-up', lazy: () => import('../pages/sign-up/route.tsx').then((m) => m.route()) },
        {
          path: 'change-password',
          lazy: () => import('../pages/change-password/route.tsx').then((m) => m.route()),
        },
        {
          path: 'verify-email',
          lazy: () => import('../pages/verify-email/route.tsx').then((m) => m.route()),
        },
      ],
    },
    {
      id: SHELL_ROUTE_ID,
      path: '/',
      Component: Shell,
      // The session is restored before any page shows; the spinner covers the wait (part 1 §2).
      HydrateFallback: StartupSpinner,
      loader: async () => {
        // A signed-in user's remembered view state (page sizes, open groups) is there before any page.
        if ((await restoreSession(queryClient)).kind === 'user') await loadPreferences(queryClient)
        // Not awaited: the shell renders at once; failures end the loading (and in the browser schedule a reload).
        void services.loadShellData()
        // The footer's links: small, drawn by the server render when it answers within the page's budget.
        void queryClient.prefetchQuery(api.site())
        return null
      },
      // Each page change lets stale (10 min) shell data refresh in the background.
      shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
      errorElement: <RouteError />,
      children: [
        {
          // Page errors render inside the shell, so the navigation stays usable.
          errorElement: <RouteError />,
          children: [
            { index: true, handle: overviewHandle, lazy: overview },
            { path: 'overview', handle: overviewHandle, lazy: overview },
            {
              path: 'experiences',
              handle: experiencesHandle,
              lazy: () => import('../pages/experiences/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              // The page's loader checks the id (isDatabaseId) and throws a 404 Response otherwise.
              path: 'experiences/:experienceId',
              handle: experienceHandle,
              lazy: () => import('../pages/experience/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'creators',
              handle: creatorsHandle,
              lazy: () => import('../pages/creators/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              // The loader checks the id (and ?type=) and throws a 404 Response otherwise.
              path: 'creators/:creatorId',
              handle: creatorHandle,
              lazy: () => import('../pages/creator/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'genres',
              handle: genresHandle,
              lazy: () => import('../pages/genres/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              // Genre keys only (and 'unlabeled'); the loader throws a 404 Response for anything else.
              path: 'genres/:genre',
              handle: genreHandle,
              lazy: () => import('../pages/genre/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'genres/:genre/:subGenre',
              handle: subGenreHandle,
              lazy: () => import('../pages/sub-genre/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'daily-picks',
              handle: dailyPicksHandle,
              lazy: () => import('../pages/daily-picks/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              // The loader checks that the index names a chart category and throws a 404 Response otherwise.
              path: 'rankings/:rankingIndex',
              handle: rankingsHandle,
              lazy: () => import('../pages/rankings/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'tags',
              handle: tagsHandle,
              lazy: () => import('../pages/tags/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              // The loader checks the id (isDatabaseId) and throws a 404 Response otherwise.
              path: 'tags/:experienceTagId',
              handle: tagHandle,
              lazy: () => import('../pages/tag/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'settings',
              handle: settingsHandle,
              lazy: () => import('../pages/settings/route.tsx').then((m) => m.route()),
            },
            {
              path: 'users',
              handle: usersHandle,
              lazy: () => import('../pages/users/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'compare/experiences',
              handle: compareHandle('src/pages/compare-experiences/route.tsx'),
              lazy: () => import('../pages/compare-experiences/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'compare/tags',
              handle: compareHandle('src/pages/compare-tags/route.tsx'),
              lazy: () => import('../pages/compare-tags/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'compare/experience-tag',
              handle: compareHandle('src/pages/compare-experience-tag/route.tsx'),
              lazy: () =>
                import('../pages/compare-experience-tag/route.tsx').then((m) => m.route(queryClient)),
            },
            // Part 2 pages not built yet (part 2 §2.1): a placeholder each, under the rules the page
            // will keep; each entry is one line to replace with the real page's.
            {
              path: 'robux',
              handle: robuxHandle,
              lazy: () => import('../pages/robux/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'deep-link',
              handle: deepLinkHandle,
              lazy: () => import('../pages/deep-link/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'alerts',
              handle: alertsHandle,
              lazy: () => import('../pages/alerts/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'event-credentials',
              handle: eventCredentialsHandle,
              lazy: () => import('../pages/event-credentials/route.tsx').then((m) => m.route(queryClient)),
            },
            {
              path: 'code-library',
              handle: codeLibraryHandle,
              lazy: () => import('../pages/code-library/route.tsx').then((m) => m.route(queryClient)),
            },
            // The legal pages (part 2 §2.16): public, server-rendered and indexed.
            ...LEGAL_PAGES.map(({ path, kind }) => ({
              path: path.slice(1),
              handle: legalHandle,
              lazy: () => import('../pages/legal/route.tsx').then((m) => m.route(queryClient, kind)),
            })),
            {
              path: METHODOLOGY_PATH.slice(1),
              handle: methodologyHandle,
              lazy: () => import('../pages/methodology/route.tsx').then((m) => m.route()),
            },
            // Unknown paths load the overview (part 1 §2), answered as 404 by the server render.
            { path: '*', handle: unknownPathHandle, lazy: overview },
          ],
        },
      ],
    },
  ]
}
