import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, redirect } from 'react-router'
import { RouteError } from '../shell/RouteError.tsx'

/** Legacy paths (part 2 §2.2); the hash is kept where the spec says so (the browser keeps it). */
const legacyRedirects = [
  { path: '/places', to: () => '/experiences' },
  { path: '/places/:placeId', to: (p: Record<string, string | undefined>) => `/experiences/${p.placeId}` },
  { path: '/place-tags', to: () => '/tags' },
  { path: '/place-tags/:placeTagId', to: (p: Record<string, string | undefined>) => `/tags/${p.placeTagId}` },
  { path: '/experiences/compare', to: () => '/compare/experiences' },
  { path: '/tags/compare', to: () => '/compare/tags' },
  { path: '/login', to: () => '/sign-in' },
]

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    ...legacyRedirects.map((r) => ({
      path: r.path,
      loader: ({ params }: { params: Record<string, string | undefined> }) => redirect(r.to(params)),
    })),
    {
      path: '/',
      lazy: async () => ({ Component: (await import('../shell/Shell.tsx')).Shell }),
      errorElement: <RouteError />,
      children: [
        { index: true, lazy: () => import('../pages/overview/route.tsx').then((m) => m.route(queryClient)) },
        {
          path: 'overview',
          lazy: () => import('../pages/overview/route.tsx').then((m) => m.route(queryClient)),
        },
        {
          path: 'experiences',
          lazy: () => import('../pages/experiences/route.tsx').then((m) => m.route(queryClient)),
        },
        {
          path: 'experiences/:experienceId',
          lazy: () => import('../pages/experience/route.tsx').then((m) => m.route(queryClient)),
        },
        // Unknown paths load the overview (part 1 §2).
        { path: '*', lazy: () => import('../pages/overview/route.tsx').then((m) => m.route(queryClient)) },
      ],
    },
  ])
}
